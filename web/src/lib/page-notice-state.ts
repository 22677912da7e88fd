// The notice a navigation leaves for the page it lands on (components/ui/page-notice.tsx), carried
// in the history entry's state. Apart from the notice itself, so the pages that send one do not
// carry its code and stylesheet.

export type PageNoticeKind = 'welcome' | 'signed-out' | 'password-changed';

/** The navigation state that shows a notice on the page navigated to. */
export function pageNoticeState(kind: PageNoticeKind): { pageNotice: PageNoticeKind } {
  return { pageNotice: kind };
}

/** The notice a history entry's state asks for, if any. */
export function pageNoticeOf(state: unknown): PageNoticeKind | null {
  const kind = (state as { pageNotice?: unknown } | null)?.pageNotice;
  return kind === 'welcome' || kind === 'signed-out' || kind === 'password-changed' ? kind : null;
}
