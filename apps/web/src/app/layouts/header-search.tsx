import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { useState, type FormEvent } from 'react';
import styles from './site-header.module.css';

/**
 * The header's search box: looks and behaves like antd's Input.Search with allowClear (a
 * field, a clear icon once it holds text, a search button; Enter searches), in a few lines
 * of markup instead of antd's Input, which the first visit of every page would load.
 */
export function HeaderSearch({
  defaultValue,
  autoFocus,
  onSearch,
}: {
  defaultValue: string;
  autoFocus?: boolean;
  onSearch: (value: string) => void;
}) {
  const [value, setValue] = useState(defaultValue);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value);
  };
  return (
    <form role="search" className={styles.searchForm} onSubmit={submit}>
      <span className={styles.searchField}>
        <input
          type="search"
          className={styles.searchInput}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="请输入关键词"
          aria-label="站内搜索"
          maxLength={50}
          enterKeyHint="search"
          autoFocus={autoFocus}
        />
        {value && (
          <button
            type="button"
            className={styles.searchClear}
            aria-label="清除"
            tabIndex={-1}
            onClick={() => setValue('')}
          >
            <CloseCircleFilled />
          </button>
        )}
      </span>
      <button type="submit" className={styles.searchButton} aria-label="开始搜索">
        <SearchOutlined />
      </button>
    </form>
  );
}
