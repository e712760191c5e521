'use client';

import { useCombobox } from 'downshift';
import { useId } from 'react';
import styles from './newsroom.module.css';

type ComboboxProps<Item> = {
  label: string;
  /** The choices for the text typed so far (filtered by the caller, locally or by a search call). */
  items: Item[];
  itemKey: (item: Item) => string;
  itemLabel: (item: Item) => string;
  /** A second line under the label (a path in the taxonomy, a date). */
  itemDetail?: (item: Item) => string | undefined;
  onInputChange: (text: string) => void;
  onSelect: (item: Item) => void;
  /** Shown when the text matches nothing. */
  emptyMessage?: string;
  hint?: string;
};

/**
 * An accessible combobox (Downshift: ARIA 1.2 combobox pattern, arrow keys, Enter, Escape) that hands the chosen
 * item to its caller and clears itself: the pickers of topics, trades and internal links add one item per choice.
 */
export function Combobox<Item>({
  label,
  items,
  itemKey,
  itemLabel,
  itemDetail,
  onInputChange,
  onSelect,
  emptyMessage = 'Aucun résultat',
  hint,
}: ComboboxProps<Item>) {
  const hintId = useId();
  const { isOpen, inputValue, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } =
    useCombobox<Item>({
      items,
      itemToString: (item) => (item ? itemLabel(item) : ''),
      selectedItem: null,
      onInputValueChange: ({ inputValue: text, type }) => {
        if (type === useCombobox.stateChangeTypes.InputChange) onInputChange(text);
      },
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem) onSelect(selectedItem);
      },
      stateReducer: (_state, { type, changes }) => {
        // After a choice the field empties and stays focused for the next one.
        if (
          type === useCombobox.stateChangeTypes.InputKeyDownEnter ||
          type === useCombobox.stateChangeTypes.ItemClick
        ) {
          return { ...changes, inputValue: '', isOpen: false };
        }
        return changes;
      },
    });
  const showEmpty = isOpen && items.length === 0 && inputValue.trim() !== '';
  return (
    <div className={`${styles.field} ${styles.combobox}`}>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: Downshift's getLabelProps gives it the input's id. */}
      <label className={styles.label} {...getLabelProps()}>
        {label}
      </label>
      <input className={styles.input} {...getInputProps({ 'aria-describedby': hint ? hintId : undefined })} />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <ul className={styles.comboboxMenu} hidden={!isOpen || items.length === 0} {...getMenuProps()}>
        {isOpen
          ? items.map((item, index) => (
              <li
                key={itemKey(item)}
                className={index === highlightedIndex ? styles.comboboxItemActive : styles.comboboxItem}
                {...getItemProps({ item, index })}
              >
                <span>{itemLabel(item)}</span>
                {itemDetail?.(item) ? (
                  <span className={styles.comboboxDetail}>{itemDetail(item)}</span>
                ) : null}
              </li>
            ))
          : null}
      </ul>
      {showEmpty ? (
        <p className={styles.hint} role="status">
          {emptyMessage}
        </p>
      ) : null}
    </div>
  );
}
