import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { mouseIsPressed, watchPointerPress } from '../../../lib/pointer-press';

/** Phones only: on wider screens the form sits beside the gallery, in reach already. */
export const BUY_BAR_MEDIA = '(max-width: 767px)';
/** On the root while the bar shows: keeps focused elements and the toast clear of it (product-detail.css). */
const SHOWN_CLASS = 'buy-bar-shown';
const ROOM_PROPERTY = '--buy-bar-room';

/**
 * Whether the form's button docks in the buy bar: on a phone, while the button's own place (`slot`)
 * is out of view and the footer is not in view (the bar must never sit over the footer's links).
 */
export function useBuyBar(slot: RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const target = slot.current;
    if (!target || typeof IntersectionObserver === 'undefined' || typeof window.matchMedia !== 'function') return;
    const phone = window.matchMedia(BUY_BAR_MEDIA);
    const footer = document.querySelector('.site-footer') ?? document.querySelector('footer');
    const inView = new Map<Element, boolean>([[target, true]]);
    if (footer) inView.set(footer, false);
    const update = () => setShown(phone.matches && ![...inView.values()].some(Boolean));
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) inView.set(entry.target, entry.isIntersecting);
      update();
    });
    observer.observe(target);
    if (footer) observer.observe(footer);
    phone.addEventListener('change', update);
    return () => {
      observer.disconnect();
      phone.removeEventListener('change', update);
    };
  }, [slot]);

  // Before paint: with a plain effect the bar was painted for a frame with the consent card still
  // over it (the journey test caught that frame once), and a tap then landed on the card.
  useLayoutEffect(() => {
    if (!shown) return;
    const root = document.documentElement;
    root.classList.add(SHOWN_CLASS);
    // The bar's own height, which the consent card stands above (product-detail.css).
    const bar = document.querySelector<HTMLElement>('.buy-bar');
    if (bar) root.style.setProperty(ROOM_PROPERTY, `${bar.offsetHeight}px`);
    // scroll-padding keeps keyboard focus scrolled clear of the bar; this covers focus moved by a
    // tap or a script, which browsers do not scroll when the element is partly in view (not a mouse
    // press: that control was visible, and scrolling it away would lose the click).
    watchPointerPress();
    const onFocus = (event: FocusEvent) => {
      const el = event.target;
      if (!(el instanceof HTMLElement) || el.closest('.buy-bar') || mouseIsPressed()) return;
      const bar = document.querySelector('.buy-bar');
      if (bar && el.getBoundingClientRect().bottom > bar.getBoundingClientRect().top) {
        el.scrollIntoView({ block: 'nearest' });
      }
    };
    document.addEventListener('focusin', onFocus);
    return () => {
      root.classList.remove(SHOWN_CLASS);
      root.style.removeProperty(ROOM_PROPERTY);
      document.removeEventListener('focusin', onFocus);
    };
  }, [shown]);

  return shown;
}
