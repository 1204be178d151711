// A small canvas confetti burst for the unlock messages: no library, no CDN, and nothing at all for
// people who ask for reduced motion (the message itself still appears).
import { CONFETTI_PARTICLES } from '@colouring/domain';

const COLOURS = ['#c2410c', '#ffd66b', '#0f6e64', '#1f4fd1', '#e25d9b', '#7ac74f'];
const DURATION_MS = 2800;
const GRAVITY = 0.12;
const DRAG = 0.985;

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  size: number;
  colour: string;
  angle: number;
  spin: number;
  wobble: number;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Fires one burst from the bottom centre of the viewport; resolves when the canvas is gone. */
export function launchConfetti(particleCount: number = CONFETTI_PARTICLES): Promise<void> {
  if (typeof document === 'undefined' || prefersReducedMotion()) return Promise.resolve();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve();

  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  const width = window.innerWidth;
  const height = window.innerHeight;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.setAttribute('aria-hidden', 'true');
  canvas.className = 'confetti-canvas';
  canvas.dataset.particles = String(particleCount);
  Object.assign(canvas.style, {
    position: 'fixed',
    inset: '0',
    width: `${width}px`,
    height: `${height}px`,
    pointerEvents: 'none',
    zIndex: '1000',
  });
  context.scale(ratio, ratio);
  document.body.appendChild(canvas);

  const particles: Particle[] = Array.from({ length: particleCount }, () => {
    const direction = -Math.PI / 2 + (Math.random() - 0.5) * 1.4;
    const speed = 9 + Math.random() * 9;
    return {
      x: width / 2 + (Math.random() - 0.5) * width * 0.3,
      y: height * 0.85,
      vx: Math.cos(direction) * speed,
      vy: Math.sin(direction) * speed,
      size: 6 + Math.random() * 6,
      colour: COLOURS[Math.floor(Math.random() * COLOURS.length)]!,
      angle: Math.random() * Math.PI,
      spin: (Math.random() - 0.5) * 0.3,
      wobble: Math.random() * Math.PI * 2,
    };
  });

  return new Promise((resolve) => {
    const start = performance.now();
    const frame = (now: number) => {
      const elapsed = now - start;
      context.clearRect(0, 0, width, height);
      context.globalAlpha = Math.max(0, 1 - Math.max(0, elapsed - DURATION_MS * 0.6) / (DURATION_MS * 0.4));
      for (const p of particles) {
        p.vx *= DRAG;
        p.vy = p.vy * DRAG + GRAVITY;
        p.wobble += 0.1;
        p.x += p.vx + Math.sin(p.wobble) * 0.6;
        p.y += p.vy;
        p.angle += p.spin;
        context.save();
        context.translate(p.x, p.y);
        context.rotate(p.angle);
        context.fillStyle = p.colour;
        context.fillRect(-p.size / 2, -p.size / 4, p.size, p.size / 2 + Math.abs(Math.sin(p.wobble)) * p.size * 0.4);
        context.restore();
      }
      if (elapsed < DURATION_MS) {
        requestAnimationFrame(frame);
      } else {
        canvas.remove();
        resolve();
      }
    };
    requestAnimationFrame(frame);
  });
}
