// The shell parts every page shares are rendered by React once and pasted into later pages
// (src/render/reused.tsx): the pages are the same bytes as when each renders them itself.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../src/render/render-page.tsx';
import { Reused } from '../../src/render/reused.tsx';

let renders = 0;
function Part({ label }: { label: string }) {
  renders++;
  return <nav aria-label={label}><a href="/">Home &amp; more</a>{label}{' '}<span>{label}</span></nav>;
}

function Page({ shared, label, body }: { shared: object; label: string; body: string }) {
  return (
    <>
      <p>{body}</p>
      <Reused by={shared} id={label}><Part label={label} /></Reused>
      <p>{body}</p>
    </>
  );
}

function Plain({ label, body }: { label: string; body: string }) {
  return (
    <>
      <p>{body}</p>
      <Part label={label} />
      <p>{body}</p>
    </>
  );
}

describe('parts rendered once and reused', () => {
  it('renders a part once per key and gives every page the HTML it would have rendered', () => {
    const shared = {};
    const templates = { Page };
    const expected = (label: string, body: string) => renderToString(<Plain label={label} body={body} />);
    const wanted = [...['one', 'two', 'three'].map((body) => expected('Main', body)), expected('Other', 'x'), expected('Main', 'y')];
    renders = 0;
    const kept = new WeakMap();
    const pages = ['one', 'two', 'three'].map((body) => renderPage(templates, 'Page', { shared, label: 'Main', body }, kept).html);
    expect(renders).toBe(1);
    // Another key renders again; so does the same key for other shared data.
    pages.push(renderPage(templates, 'Page', { shared, label: 'Other', body: 'x' }, kept).html);
    pages.push(renderPage(templates, 'Page', { shared: {}, label: 'Main', body: 'y' }, kept).html);
    expect(renders).toBe(3);
    expect(pages).toEqual(wanted);
  });

  it('renders the part in place outside renderPage', () => {
    expect(renderToString(<Page shared={{}} label="A" body="b" />)).toBe(renderToString(<Plain label="A" body="b" />));
  });

  it('never pastes a part that records images or islands', () => {
    function Recording() {
      renders++;
      return <img src="/a.jpg" alt="" />;
    }
    const shared = {};
    const templates = { P: () => <Reused by={shared} id="img"><Recording /></Reused> };
    renders = 0;
    const kept = new WeakMap();
    renderPage(templates, 'P', {}, kept);
    renderPage(templates, 'P', {}, kept);
    expect(renders).toBe(2);
  });
});
