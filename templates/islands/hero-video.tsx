// The home hero's background: the poster is the first paint (server HTML); once hydrated the
// clips play one after the other, muted, inline, at 0.75 speed. With prefers-reduced-motion
// the poster stays. Decorative, so hidden from assistive technology; a small button pauses it.
import { useEffect, useRef, useState } from 'react';

export interface HeroVideoProps {
  videos: string[];
  poster: string;
  /** What the footage shows (names the pause button). */
  label: string;
}

export const PLAYBACK_RATE = 0.75;

export default function HeroVideo({ videos, poster, label }: HeroVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const [index, setIndex] = useState(0);
  const [motion, setMotion] = useState(false);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const query = matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setMotion(!query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const playing = motion && !paused && videos.length > 0;
  useEffect(() => {
    const video = ref.current!;
    video.defaultPlaybackRate = PLAYBACK_RATE;
    video.playbackRate = PLAYBACK_RATE;
    if (playing) video.play().catch(() => { /* autoplay refused or no playable source: the poster stays */ });
    else video.pause();
  }, [playing, index]);

  return (
    <div className="hero-video">
      <video
        ref={ref}
        className="hero-video-media"
        poster={poster}
        src={motion ? videos[index] : undefined}
        muted
        playsInline
        autoPlay={playing}
        loop={videos.length === 1}
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        onEnded={() => setIndex((i) => (i + 1) % videos.length)}
        onLoadedMetadata={(e) => { e.currentTarget.playbackRate = PLAYBACK_RATE; }}
      />
      {motion && (
        <button type="button" className="hero-video-toggle" onClick={() => setPaused((p) => !p)}>
          <span className="visually-hidden">{paused ? `Play ${label}` : `Pause ${label}`}</span>
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">{paused ? <path d="M8 5v14l11-7z" /> : <path d="M6 5h4v14H6zM14 5h4v14h-4z" />}</svg>
        </button>
      )}
    </div>
  );
}
