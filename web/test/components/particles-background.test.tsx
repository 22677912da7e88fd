import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ParticlesBackground } from '../../src/components/ui/particles-background';

// The hero's drifting particles are decoration: they never compete with the page's own work.
// Nothing is drawn until the page has loaded and the browser is idle, and nothing at all on a
// low-end device or when the visitor asks for reduced motion.

const drawn = { arcs: 0, frames: 0 };

function device({ cores = 8, memoryGb = 8, reducedMotion = false } = {}) {
  vi.spyOn(navigator, 'hardwareConcurrency', 'get').mockReturnValue(cores);
  Object.defineProperty(navigator, 'deviceMemory', { value: memoryGb, configurable: true });
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reducedMotion && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

beforeEach(() => {
  drawn.arcs = 0;
  drawn.frames = 0;
  const context = new Proxy(
    {},
    {
      get: (_target, name) => (name === 'arc' ? () => drawn.arcs++ : () => undefined),
      set: () => true,
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLCanvasElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.stubGlobal(
    'requestAnimationFrame',
    vi.fn(() => {
      drawn.frames++;
      return drawn.frames;
    }),
  );
  vi.stubGlobal('cancelAnimationFrame', vi.fn());
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'deviceMemory');
});

/** The page has loaded and the browser has been idle. */
function settle() {
  if (document.readyState !== 'complete') window.dispatchEvent(new Event('load'));
  vi.advanceTimersByTime(50);
}

describe('the particles behind the hero', () => {
  it('draw nothing while the page is still loading and hydrating, then drift once it has settled', () => {
    device();
    render(<ParticlesBackground />);
    expect(drawn.arcs).toBe(0);
    expect(drawn.frames).toBe(0);
    settle();
    expect(drawn.arcs).toBeGreaterThan(0);
    expect(drawn.frames).toBeGreaterThan(0);
  });

  it('never draw when the visitor asks for reduced motion', () => {
    device({ reducedMotion: true });
    render(<ParticlesBackground />);
    settle();
    expect(drawn.arcs).toBe(0);
    expect(drawn.frames).toBe(0);
  });

  it('never draw on a device with few cores', () => {
    device({ cores: 2 });
    render(<ParticlesBackground />);
    settle();
    expect(drawn.arcs).toBe(0);
    expect(drawn.frames).toBe(0);
  });

  it('never draw on a device with little memory', () => {
    device({ memoryGb: 2 });
    render(<ParticlesBackground />);
    settle();
    expect(drawn.arcs).toBe(0);
    expect(drawn.frames).toBe(0);
  });
});
