'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { fetchSuggestions, isSubmittableSearch, wantsSuggestions } from '@/client/search';
import { useCloseMenuOnNavigation } from '@/components/layout/menu-navigation';
import { PATHS, QUERY_PARAM } from '@/lib/constants';
import type { SearchSuggestion } from '@/lib/contracts/search';
import styles from './header-search.module.css';

/**
 * The header's search bar (spec section 2 "Header search bar"): a GET form to /search that works without
 * JavaScript, enhanced into an ARIA combobox: suggestions from three typed characters (hidden otherwise),
 * arrow keys move through them, Enter submits the highlighted suggestion or the typed text, Escape closes.
 * A text without a non-space character is not submitted. A search made from the phone menu closes it.
 */
export function HeaderSearch() {
  const router = useRouter();
  const closeMenu = useCloseMenuOnNavigation();
  const id = useId();
  const inputId = `${id}-term`;
  const listId = `${id}-suggestions`;
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const latest = useRef('');

  useEffect(() => {
    latest.current = text;
    if (!wantsSuggestions(text)) {
      setSuggestions([]);
      setActive(-1);
      return;
    }
    let current = true;
    void fetchSuggestions(text).then((found) => {
      // A cancelled or failed call answers null: keep what is shown until the newer answer arrives.
      if (!current || found === null || latest.current !== text) return;
      setSuggestions(found);
      setActive(-1);
    });
    return () => {
      current = false;
    };
  }, [text]);

  const expanded = open && wantsSuggestions(text) && suggestions.length > 0;

  function go(term: string) {
    if (!isSubmittableSearch(term)) return;
    setOpen(false);
    closeMenu();
    router.push(`${PATHS.search}?${new URLSearchParams({ [QUERY_PARAM.term]: term.trim() })}`);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = expanded && active >= 0 ? suggestions[active] : undefined;
    go(chosen ? chosen.value : text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!wantsSuggestions(text) || suggestions.length === 0) return;
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : suggestions.length - 1);
        return;
      }
      const count = suggestions.length;
      setActive((index) => (event.key === 'ArrowDown' ? (index + 1) % count : (index - 1 + count) % count));
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only; a second Escape clears the text (the search input's own behaviour).
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <search className={styles.search}>
      <form action={PATHS.search} method="get" className={styles.form} onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          Rechercher
        </label>
        <input
          id={inputId}
          name={QUERY_PARAM.term}
          type="search"
          className={styles.input}
          placeholder="Rechercher une actualité, un document…"
          autoComplete="off"
          required
          pattern=".*\S.*"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        <button type="submit" className={styles.button}>
          Rechercher
        </button>
      </form>
      <div id={listId} role="listbox" aria-label="Suggestions" className={styles.listbox} hidden={!expanded}>
        {suggestions.map((suggestion, index) => (
          <div
            key={suggestion.value}
            id={`${listId}-${index}`}
            // Options are reached with aria-activedescendant from the input, never by Tab.
            tabIndex={-1}
            role="option"
            aria-selected={index === active}
            className={styles.option}
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              go(suggestion.value);
            }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by the server, only <mark> added
            dangerouslySetInnerHTML={{ __html: suggestion.formatedSuggestion }}
          />
        ))}
      </div>
    </search>
  );
}
