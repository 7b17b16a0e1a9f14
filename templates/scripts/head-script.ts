// The inline script of every page head: plain JavaScript (kept as text, so no compiler or
// bundler setting can change it), run before the first paint, no React. It
//  - marks the document as scripted: CSS shows JavaScript-only controls under html[data-js];
//  - fades images in: img.fade-img gets data-loaded, or data-error (after trying an optional
//    data-fallback src); its .img-frame gets data-state. load/error do not bubble, so the
//    listeners sit on the document in the capture phase; complete images are also swept;
//  - keeps the header's state: data-scrolled="true" past 20 px (blog pages are solid by
//    data-solid, from the template);
//  - turns the :target mobile menu (#mobile-menu, .menu-toggle, .menu-close) into a
//    dialog-like panel: data-open, aria-expanded, body scroll lock (html.menu-open), focus
//    moved in and kept inside, Escape and the close link close it and return focus, a link
//    followed closes it;
//  - makes the Services button (.nav-dropdown > button[aria-expanded]) report and toggle its
//    submenu (hover and focus open it in CSS), Escape closing it.
// Scroll to the top on navigation is what static pages do anyway.
const source = String.raw`
(function () {
  var d = document, html = d.documentElement;
  html.setAttribute('data-js', '');

  function mark(img, ok) {
    var fallback = img.getAttribute('data-fallback');
    if (!ok && fallback && img.src !== new URL(fallback, location.href).href) { img.src = fallback; return; }
    img.setAttribute(ok ? 'data-loaded' : 'data-error', 'true');
    var frame = img.closest('.img-frame');
    if (frame) frame.setAttribute('data-state', ok ? 'loaded' : 'error');
  }
  function onImage(e) {
    var t = e.target;
    if (t.tagName === 'IMG' && t.classList.contains('fade-img')) mark(t, e.type === 'load');
  }
  d.addEventListener('load', onImage, true);
  d.addEventListener('error', onImage, true);
  // Images that completed without a load event reaching the document (Chromium serves lazy
  // images from its memory cache that way on reload) are caught by a sweep at DOMContentLoaded
  // and again at window load.
  function sweep() {
    d.querySelectorAll('img.fade-img:not([data-loaded]):not([data-error])').forEach(function (img) {
      if (img.complete && img.getAttribute('src')) mark(img, img.naturalWidth > 0);
    });
  }
  addEventListener('load', sweep);

  function scrolled() {
    var header = d.querySelector('.site-header');
    if (header) header.setAttribute('data-scrolled', scrollY > 20 ? 'true' : 'false');
  }
  addEventListener('scroll', scrolled, { passive: true });

  function menu() {
    var panel = d.getElementById('mobile-menu'), toggle = d.querySelector('.menu-toggle');
    if (!panel || !toggle) return;
    var open = false;
    function focusables() {
      return [].filter.call(panel.querySelectorAll('a[href],button:not([disabled]),input,select,textarea,[tabindex]:not([tabindex="-1"])'), function (el) {
        return el.offsetWidth || el.offsetHeight || el === d.activeElement;
      });
    }
    toggle.setAttribute('role', 'button');
    toggle.setAttribute('aria-expanded', 'false');
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-modal', 'true');
    if (!panel.hasAttribute('aria-label')) panel.setAttribute('aria-label', 'Menu');
    function show() {
      open = true;
      panel.setAttribute('data-open', 'true');
      toggle.setAttribute('aria-expanded', 'true');
      html.classList.add('menu-open');
      // The panel turns visible with its slide-in transition, a frame or two later: retry.
      var tries = 20;
      (function focusIn() {
        if (!open || panel.contains(d.activeElement)) return;
        var first = focusables()[0];
        if (first) first.focus();
        if (!panel.contains(d.activeElement) && tries-- > 0) requestAnimationFrame(focusIn);
      })();
    }
    function hide(restore) {
      if (!open) return;
      open = false;
      panel.removeAttribute('data-open');
      toggle.setAttribute('aria-expanded', 'false');
      html.classList.remove('menu-open');
      if (restore) toggle.focus();
    }
    toggle.addEventListener('click', function (e) {
      e.preventDefault();
      if (open) hide(true); else show();
    });
    panel.addEventListener('click', function (e) {
      var link = e.target.closest('a');
      if (!link) return;
      if (link.classList.contains('menu-close')) { e.preventDefault(); hide(true); } else hide(false);
    });
    d.addEventListener('keydown', function (e) {
      if (!open) return;
      if (e.key === 'Escape') { e.preventDefault(); hide(true); return; }
      if (e.key !== 'Tab') return;
      var items = focusables();
      if (!items.length) return;
      var first = items[0], last = items[items.length - 1], active = d.activeElement;
      if (e.shiftKey && (active === first || !panel.contains(active))) { e.preventDefault(); last.focus(); }
      else if (!e.shiftKey && (active === last || !panel.contains(active))) { e.preventDefault(); first.focus(); }
    });
    // Opened through the no-JavaScript route (a #mobile-menu link): take over.
    if (location.hash === '#mobile-menu') {
      history.replaceState(null, '', location.pathname + location.search);
      show();
    }
    // The panel is not shown on wide screens: release the page.
    matchMedia('(min-width: 768px)').addEventListener('change', function (q) { if (q.matches) hide(false); });
    // A page restored from the back/forward cache keeps its DOM: close a menu left open.
    addEventListener('pageshow', function () { hide(false); });
  }

  function dropdowns() {
    d.querySelectorAll('.nav-dropdown').forEach(function (item) {
      var button = item.querySelector(':scope > button[aria-expanded]');
      if (!button) return;
      function set(v) {
        button.setAttribute('aria-expanded', String(v));
        item.toggleAttribute('data-open', v);
      }
      button.addEventListener('click', function () { set(button.getAttribute('aria-expanded') !== 'true'); });
      // A mouse opens it by hovering; a tap is a click (touch fires pointerenter too).
      item.addEventListener('pointerenter', function (e) { if (e.pointerType === 'mouse') set(true); });
      item.addEventListener('pointerleave', function (e) { if (e.pointerType === 'mouse') set(false); });
      item.addEventListener('focusout', function (e) { if (!item.contains(e.relatedTarget)) set(false); });
      item.addEventListener('keydown', function (e) {
        if (e.key === 'Escape' && button.getAttribute('aria-expanded') === 'true') { set(false); button.focus(); }
      });
    });
  }

  function setup() { sweep(); scrolled(); menu(); dropdowns(); }
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', setup); else setup();
})();
`;

/** The script as inline source text: comment lines and indentation dropped. */
export const headScript = source
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('//'))
  .join('\n');
