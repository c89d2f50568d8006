import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { useState, type CSSProperties, type FormEvent } from 'react';
import styles from './search-box.module.css';

/** antd puts a space between the two characters of a two-character Chinese button label. */
const spaced = (label: string) => (/^[\u4e00-\u9fff]{2}$/.test(label) ? `${label[0]} ${label[1]}` : label);

/**
 * A search box that looks and behaves like antd's Input.Search with allowClear (a field, a clear
 * icon once it holds text, a search button; Enter searches), in a few lines of markup: antd's
 * Input makes some 40 KB of styles in the browser the first time one is drawn, on the pages a
 * phone opens first (the header, 测评中心's hero, 心理咨询's filters; docs/performance.md).
 * `enterButton` names a primary button with a word (搜索); without it the button is an icon.
 * Holds its own text from `defaultValue`, or shows `value` when given (with `onChange`).
 */
export function SearchBox({
  defaultValue = '',
  value: shown,
  onChange,
  onSearch,
  placeholder,
  label,
  enterButton,
  size = 'middle',
  maxLength = 50,
  autoFocus,
  className,
  style,
}: {
  defaultValue?: string;
  value?: string;
  onChange?: (value: string) => void;
  onSearch: (value: string) => void;
  placeholder: string;
  /** The field's accessible name. */
  label: string;
  enterButton?: string;
  size?: 'middle' | 'large';
  maxLength?: number;
  autoFocus?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  const [own, setOwn] = useState(defaultValue);
  const value = shown ?? own;
  const change = (v: string) => {
    setOwn(v);
    onChange?.(v);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value);
  };
  const classes = [styles.searchForm, size === 'large' && styles.large, className].filter(Boolean).join(' ');
  return (
    <form role="search" className={classes} style={style} onSubmit={submit}>
      <span className={styles.searchField}>
        <input
          type="search"
          className={styles.searchInput}
          value={value}
          onChange={(e) => change(e.target.value)}
          placeholder={placeholder}
          aria-label={label}
          maxLength={maxLength}
          enterKeyHint="search"
          autoFocus={autoFocus}
        />
        {value && (
          <button
            type="button"
            className={styles.searchClear}
            aria-label="清除"
            tabIndex={-1}
            onClick={() => change('')}
          >
            <CloseCircleFilled />
          </button>
        )}
      </span>
      {enterButton ? (
        <button type="submit" className={`${styles.searchButton} ${styles.primary}`} aria-label={enterButton}>
          {spaced(enterButton)}
        </button>
      ) : (
        <button type="submit" className={styles.searchButton} aria-label="开始搜索">
          <SearchOutlined />
        </button>
      )}
    </form>
  );
}
