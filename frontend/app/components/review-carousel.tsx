import { useCallback, useEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { CAROUSEL_DRAG_MULTIPLIER, CAROUSEL_STEP_PX } from '@colouring/domain';
import type { Review } from '~/content/reviews';
import { Icon } from './icons';
import { Stars } from './stars';

interface Drag {
  pointerId: number;
  startX: number;
  startScroll: number;
}

// Without JavaScript the track is a native scroller with CSS scroll-snap and the dots are in-page links.
// With it: previous/next buttons (280 px a step), drag scrolling at double speed, and a live active dot.
export function ReviewCarousel({ reviews }: { reviews: readonly Review[] }) {
  const trackRef = useRef<HTMLUListElement>(null);
  const dragRef = useRef<Drag | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);
  const [active, setActive] = useState(0);

  const update = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const max = track.scrollWidth - track.clientWidth;
    setAtStart(track.scrollLeft <= 1);
    setAtEnd(track.scrollLeft >= max - 1);
    const first = track.firstElementChild as HTMLElement | null;
    const second = first?.nextElementSibling as HTMLElement | null;
    const step = first && second ? second.offsetLeft - first.offsetLeft : CAROUSEL_STEP_PX;
    setActive(track.scrollLeft >= max - 1 ? reviews.length - 1 : Math.min(reviews.length - 1, Math.round(track.scrollLeft / step)));
  }, [reviews.length]);

  useEffect(() => {
    setHydrated(true);
    const track = trackRef.current;
    if (!track) return;
    update();
    track.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      track.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [update]);

  const scrollByStep = (direction: -1 | 1) => {
    trackRef.current?.scrollBy({ left: direction * CAROUSEL_STEP_PX, behavior: 'smooth' });
  };

  const goTo = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    const track = trackRef.current;
    const card = track?.children[index] as HTMLElement | undefined;
    if (!track || !card) return;
    // Scroll only the track; the link's own jump would also move the whole page.
    event.preventDefault();
    track.scrollTo({ left: card.offsetLeft - track.offsetLeft, behavior: 'smooth' });
  };

  const onPointerDown = (event: PointerEvent<HTMLUListElement>) => {
    const track = trackRef.current;
    if (!track || (event.pointerType === 'mouse' && event.button !== 0)) return;
    dragRef.current = { pointerId: event.pointerId, startX: event.clientX, startScroll: track.scrollLeft };
  };

  const onPointerMove = (event: PointerEvent<HTMLUListElement>) => {
    const drag = dragRef.current;
    const track = trackRef.current;
    if (!drag || !track || drag.pointerId !== event.pointerId) return;
    const dx = event.clientX - drag.startX;
    if (!track.classList.contains('is-dragging')) {
      if (Math.abs(dx) < 4) return;
      track.classList.add('is-dragging');
      track.setPointerCapture(event.pointerId);
    }
    track.scrollLeft = drag.startScroll - dx * CAROUSEL_DRAG_MULTIPLIER;
  };

  const endDrag = (event: PointerEvent<HTMLUListElement>) => {
    const track = trackRef.current;
    if (!dragRef.current || dragRef.current.pointerId !== event.pointerId) return;
    dragRef.current = null;
    if (track?.hasPointerCapture(event.pointerId)) track.releasePointerCapture(event.pointerId);
    track?.classList.remove('is-dragging');
  };

  return (
    <div className="carousel" role="region" aria-roledescription="carousel" aria-label="Customer reviews">
      {hydrated ? (
        <div className="carousel__buttons">
          <button
            type="button"
            className="icon-button"
            onClick={() => scrollByStep(-1)}
            disabled={atStart}
            aria-label="Previous review"
            aria-controls="review-track"
          >
            <Icon name="chevronLeft" />
          </button>
          <button
            type="button"
            className="icon-button"
            onClick={() => scrollByStep(1)}
            disabled={atEnd}
            aria-label="Next review"
            aria-controls="review-track"
          >
            <Icon name="chevronRight" />
          </button>
        </div>
      ) : null}
      <ul
        id="review-track"
        ref={trackRef}
        className="carousel__track"
        // Focusable so keyboard users can scroll it with the arrow keys. (axe: scrollable-region-focusable)
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label="Reviews, scroll sideways for more"
        style={hydrated ? { touchAction: 'pan-y' } : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        {reviews.map((review, index) => (
          <li
            key={review.name}
            id={`review-${index + 1}`}
            className={`review-card${index === 0 ? ' review-card--featured' : ''}`}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${reviews.length}`}
          >
            <figure>
              {index === 0 ? <span className="badge badge--featured">Featured</span> : null}
              <Stars count={review.stars} />
              <blockquote>
                <p>“{review.quote}”</p>
              </blockquote>
              <figcaption>
                <img src={review.avatar} alt="" width="48" height="48" draggable={false} />
                <span>
                  <strong>{review.name}</strong>
                  {review.role ? <span className="review-card__role">{review.role}</span> : null}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <ol className="carousel__dots">
        {reviews.map((review, index) => (
          <li key={review.name}>
            <a
              href={`#review-${index + 1}`}
              onClick={(event) => goTo(event, index)}
              aria-label={`Show review ${index + 1} of ${reviews.length}`}
              aria-current={hydrated && index === active ? 'true' : undefined}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}
