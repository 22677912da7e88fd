import { useEffect, useRef } from 'react';
import { RESIZE_DEBOUNCE_MS } from '@shop/shared';
import { whenPageSettled } from '../../lib/when-page-settled';

// Decorative drifting particles behind the hero of /, /about and /team. Purely visual (hidden from
// assistive technology), so they never compete with the page's own work: nothing is drawn until
// the page has loaded and the browser is idle (after hydration, when taps are answered), and
// nothing at all on a low-end device or when the visitor asks for reduced motion. Under
// Lighthouse's phone model the drift alone had cost 1.4 s of script time on the home page.

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
}

const LINK_DISTANCE = 120;
const AREA_PER_PARTICLE = 14_000;
const MAX_PARTICLES = 90;

function makeParticles(width: number, height: number): Particle[] {
  const count = Math.min(MAX_PARTICLES, Math.round((width * height) / AREA_PER_PARTICLE));
  return Array.from({ length: count }, () => ({
    x: Math.random() * width,
    y: Math.random() * height,
    vx: (Math.random() - 0.5) * 0.35,
    vy: (Math.random() - 0.5) * 0.35,
    r: 1 + Math.random() * 1.8,
  }));
}

// Links fade with distance in a few steps: one path and one stroke per step rather than one per
// link keeps a frame to a few draw calls (a phone's frame held hundreds).
const LINK_SHADES = 6;
const LINK_STYLES = Array.from(
  { length: LINK_SHADES },
  (_, shade) => `rgba(224, 138, 79, ${(0.22 * (LINK_SHADES - shade)) / LINK_SHADES})`,
);

/** Link end points by shade, reused from frame to frame: x1, y1, x2, y2 for each link. */
const linksByShade: number[][] = Array.from({ length: LINK_SHADES }, () => []);

function draw(ctx: CanvasRenderingContext2D, particles: Particle[], width: number, height: number) {
  ctx.clearRect(0, 0, width, height);
  for (const links of linksByShade) links.length = 0;
  for (let i = 0; i < particles.length; i++) {
    const a = particles[i];
    for (let j = i + 1; j < particles.length; j++) {
      const b = particles[j];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (d < LINK_DISTANCE) linksByShade[Math.floor((d / LINK_DISTANCE) * LINK_SHADES)].push(a.x, a.y, b.x, b.y);
    }
  }
  ctx.lineWidth = 1;
  linksByShade.forEach((links, shade) => {
    if (links.length === 0) return;
    ctx.beginPath();
    for (let k = 0; k < links.length; k += 4) {
      ctx.moveTo(links[k], links[k + 1]);
      ctx.lineTo(links[k + 2], links[k + 3]);
    }
    ctx.strokeStyle = LINK_STYLES[shade];
    ctx.stroke();
  });
  ctx.fillStyle = 'rgba(240, 178, 122, 0.75)';
  ctx.beginPath();
  for (const p of particles) {
    ctx.moveTo(p.x + p.r, p.y);
    ctx.arc(p.x, p.y, p.r, 0, Math.PI * 2);
  }
  ctx.fill();
}

function step(particles: Particle[], width: number, height: number) {
  for (const p of particles) {
    p.x += p.vx;
    p.y += p.vy;
    if (p.x < 0 || p.x > width) p.vx *= -1;
    if (p.y < 0 || p.y > height) p.vy *= -1;
  }
}

/** Minimum cores and memory (GB) for the drift; below either, a device is spared it. */
const MIN_CORES = 6;
const MIN_MEMORY_GB = 4;

/**
 * A device that needs every cycle for the page itself: few cores, little memory (Chrome's
 * navigator.deviceMemory) or a data saver on. Where the browser does not say, it counts as able.
 */
export function isLowEndDevice(nav: Navigator = navigator): boolean {
  const { deviceMemory, connection } = nav as Navigator & {
    deviceMemory?: number;
    connection?: { saveData?: boolean };
  };
  const cores = nav.hardwareConcurrency;
  return (
    (typeof cores === 'number' && cores > 0 && cores < MIN_CORES) ||
    (typeof deviceMemory === 'number' && deviceMemory < MIN_MEMORY_GB) ||
    connection?.saveData === true
  );
}

export function ParticlesBackground() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let width = 0;
    let height = 0;
    let particles: Particle[] = [];
    let frame = 0;
    let resizeTimer: ReturnType<typeof setTimeout> | undefined;

    const resize = () => {
      // Drawn at CSS pixels: a soft decoration needs no sharper lines, and a phone's 2-3x screen
      // would multiply every frame's pixels by 4-9 (Lighthouse measured this canvas as the home
      // page's heaviest work).
      width = canvas.clientWidth;
      height = canvas.clientHeight;
      canvas.width = Math.round(width);
      canvas.height = Math.round(height);
      particles = makeParticles(width, height);
      draw(ctx, particles, width, height);
    };
    let odd = false;
    const tick = () => {
      // Thirty frames a second are plenty for a slow drift, at half the work.
      odd = !odd;
      if (!document.hidden && odd) {
        step(particles, width, height);
        draw(ctx, particles, width, height);
      }
      frame = requestAnimationFrame(tick);
    };
    let settled = false;
    let running = false;
    const start = () => {
      cancelAnimationFrame(frame);
      clearTimeout(resizeTimer);
      if (!settled || motion.matches) {
        // Reduced motion asked for (now or later): the canvas is left empty.
        running = false;
        ctx.clearRect(0, 0, width, height);
        return;
      }
      if (!running) resize();
      running = true;
      frame = requestAnimationFrame(tick);
    };
    const onResize = () => {
      if (!running) return;
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(resize, RESIZE_DEBOUNCE_MS);
    };

    // Nothing at all on a device that needs every cycle for the page itself.
    if (isLowEndDevice()) return;
    // Nothing until the page has loaded and the browser is idle, so the drift never competes with
    // the page's loading, its hydration or a first tap.
    const cancelStart = whenPageSettled(() => {
      settled = true;
      start();
    });
    window.addEventListener('resize', onResize);
    motion.addEventListener('change', start);
    return () => {
      cancelStart();
      cancelAnimationFrame(frame);
      clearTimeout(resizeTimer);
      window.removeEventListener('resize', onResize);
      motion.removeEventListener('change', start);
    };
  }, []);

  return <canvas ref={canvasRef} className="particles" aria-hidden="true" data-testid="particles" />;
}
