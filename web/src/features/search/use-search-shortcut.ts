import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { searchUrl } from '../../lib/file-urls';

/** The search page's box: the shortcut focuses it. */
export const SEARCH_INPUT_ID = 'document-search-input';

/** Whether a key press belongs to a field being typed in (then `/` is a character, not a shortcut). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="dialog"]') !== null
  );
}

/** `/` on any screen of a deal focuses the search box, opening the search page when elsewhere (issue 35). */
export function useSearchShortcut(dealId: string | undefined) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!dealId) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (typingIn(event.target)) return;
      event.preventDefault();
      const input = document.getElementById(SEARCH_INPUT_ID);
      if (input) input.focus();
      else navigate(searchUrl(dealId));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dealId, navigate]);
}
