-- 资讯管理: all articles by stored state (row_counts, 0032). 定时 and 已发布 are both the state
-- `published`, split by the clock when read (the few articles still ahead, by news_public_idx).
SELECT row_counts_track('news_articles', 'state::text');
