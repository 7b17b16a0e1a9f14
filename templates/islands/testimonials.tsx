// Testimonials carousel: the list is duplicated so it loops seamlessly; it advances one slide
// every 6000 ms and pauses on hover, on keyboard focus and under prefers-reduced-motion.
// Previous/next buttons move one slide. Until it has mounted (and without JavaScript) the cards
// scroll sideways: the track then takes keyboard focus, so the arrow keys can scroll it.
import { useEffect, useState } from 'react';
import type { Testimonial } from '../types.ts';

export interface TestimonialsProps {
  items: Testimonial[];
  /** Accessible name of the carousel. */
  label?: string;
}

export const INTERVAL = 6000;

const arrow = (d: string) => <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d={d} /></svg>;

export default function Testimonials({ items, label = 'Customer testimonials' }: TestimonialsProps) {
  const n = items.length;
  const [index, setIndex] = useState(0);
  const [animate, setAnimate] = useState(true);
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  const [still, setStill] = useState(true);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setReady(true);
    const query = matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setStill(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const paused = hover || focus || still || n < 2;
  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => { setAnimate(true); setIndex((i) => i + 1); }, INTERVAL);
    return () => clearInterval(timer);
  }, [paused]);

  // After sliding onto the copy of the first card, jump back to the original without animating.
  useEffect(() => {
    if (index < n) return;
    const timer = setTimeout(() => { setAnimate(false); setIndex((i) => i - n); }, still ? 0 : 700);
    return () => clearTimeout(timer);
  }, [index, n, still]);

  const go = (step: 1 | -1) => {
    if (step === -1 && index === 0) {
      // Jump to the copy of the first card, then slide back one.
      setAnimate(false);
      setIndex(n);
      requestAnimationFrame(() => requestAnimationFrame(() => { setAnimate(true); setIndex(n - 1); }));
    } else {
      setAnimate(true);
      setIndex((i) => Math.min(i + step, 2 * n - 1));
    }
  };

  const list = ready ? [...items, ...items] : items;
  const current = index % n;
  return (
    <section
      className="testimonials"
      aria-roledescription="carousel"
      aria-label={label}
      data-ready={ready ? 'true' : undefined}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setFocus(true)}
      onBlur={(e) => { if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocus(false); }}
    >
      <div className="testimonials-viewport">
        {/* A track of slides (groups), not a list: a list's items may not take role="group". */}
        <div
          className="testimonials-track"
          data-index={index}
          tabIndex={ready ? undefined : 0}
          style={ready ? { transform: `translateX(calc(-100% / var(--per-view, 1) * ${index}))`, transition: animate && !still ? undefined : 'none' } : undefined}
        >
          {list.map((t, i) => (
              <div key={`${t.id}-${i}`} className="testimonial" role="group" aria-roledescription="slide" aria-label={`${(i % n) + 1} of ${n}`} aria-hidden={i >= n ? true : undefined} inert={i >= n ? true : undefined}>
                <figure className="card testimonial-card">
                  <span className="stars" role="img" aria-label={`${t.rating} out of 5 stars`}>{'★'.repeat(t.rating)}{'☆'.repeat(5 - t.rating)}</span>
                  <blockquote><p>{t.text}</p></blockquote>
                  <figcaption>
                    <span className="testimonial-name">{t.name}</span>
                    {t.location || t.service ? <span className="testimonial-meta">{[t.service, t.location].filter(Boolean).join(' · ')}</span> : null}
                  </figcaption>
                </figure>
              </div>
          ))}
        </div>
      </div>
      {ready && n > 1 && (
        <div className="testimonials-controls">
          <button type="button" className="testimonials-prev" aria-label="Previous testimonial" onClick={() => go(-1)}>{arrow('M15 18l-6-6 6-6')}</button>
          <span className="testimonials-status" aria-live={paused ? 'polite' : 'off'}>
            <span aria-hidden="true">{current + 1} / {n}</span>
            <span className="visually-hidden">Testimonial {current + 1} of {n}</span>
          </span>
          <button type="button" className="testimonials-next" aria-label="Next testimonial" onClick={() => go(1)}>{arrow('M9 18l6-6-6-6')}</button>
        </div>
      )}
    </section>
  );
}
