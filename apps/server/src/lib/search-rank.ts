import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { likeEscape } from './sql';

/** A searched text column or expression and how much a match in it counts. */
export interface RankedField {
  text: SQLWrapper;
  /** A title counts most (e.g. 3), a summary less (1). */
  weight: number;
  /**
   * A title or a name: trigram similarity breaks ties between its matches. Left off for long
   * text (introductions, articles, posts): computing it over 5,000 articles' bodies cost a
   * search 0.3 s of the 0.5 s it took at a million assessments, for a tie-breaker that
   * separates nothing in a text that long.
   */
  short?: boolean;
  /**
   * How the filter asks whether a row holds `pattern` (`%keyword%`, escaped) in this field,
   * when asking the field itself would be slow: a name on a joined table is better asked as "the
   * row's owner is one of the people whose name holds it" (a subquery over a few hundred rows),
   * so the scan drops the rows that do not match before the join instead of joining every row
   * first. The ranking still reads `text`.
   */
  holds?: (like: SQL, pattern: SQLWrapper) => SQL;
}

/**
 * A keyword as a search statement reads it: each form a placeholder, so that a provider's
 * statement is built once and filled at every search (`keywordValues`). Building the ranking's
 * SQL (a score per field, each a CASE over the keyword's forms) was about a third of the
 * server's CPU for a search that the catalogue cache does not answer.
 */
export interface KeywordSql {
  /** No letter of the keyword has an upper and a lower case (`isCaseless`). */
  caseless: boolean;
  /** Short enough to be asked of a gram index (`isGramKeyword`). */
  grams: boolean;
  /** The keyword as typed. */
  keyword: SQLWrapper;
  /** In lower case (matched against `lower(text)` when it has letters with a case). */
  lower: SQLWrapper;
  /** `%keyword%`, LIKE's own characters escaped. */
  contains: SQLWrapper;
  /** `keyword%`, escaped alike. */
  prefix: SQLWrapper;
  /** Its length in bytes. */
  bytes: SQLWrapper;
}

/** The placeholders of a keyword's forms, for a keyword that is `caseless` or not, `grams` or not. */
export const keywordSql = (caseless: boolean, grams = false): KeywordSql => ({
  caseless,
  grams,
  keyword: sql.placeholder('keyword'),
  lower: sql.placeholder('keywordLower'),
  contains: sql.placeholder('keywordContains'),
  prefix: sql.placeholder('keywordPrefix'),
  bytes: sql.placeholder('keywordBytes'),
});

/**
 * What a gram index holds of `fields` (`search_grams`, migration 0055): each character and each
 * pair of neighbouring characters, in lower case, with no pair across two fields (they are
 * joined by a character no keyword that asks the index holds, U+0001). The index expression and
 * the search's filter are both built here: PostgreSQL uses an index on an expression only for
 * that same expression.
 *
 * pg_trgm has no trigram for a keyword of one or two characters, which for Chinese is most of
 * them (焦虑, 抑郁, 睡眠): without this, their LIKE read every article's body and every post
 * (issue 18: 4,600 articles at a million assessments). A keyword of that length is in a field
 * exactly when it is one of the field's grams, so the index answers the filter itself, with no
 * row read again (`@>` on a GIN array index is not rechecked). The indexes keep no statistics
 * (`SET STATISTICS 0`): the planner then takes any such filter as selective and reads the
 * index, where with statistics a word most articles hold would tempt it into a scan that
 * computes every article's grams (seconds).
 */
export function searchGrams(...fields: SQLWrapper[]): SQL {
  // (Fields that are never NULL: one NULL would make the whole expression NULL.)
  return sql`search_grams(${sql.join(fields, sql.raw(` || E'\\x01' || `))})`;
}

/** The longest keyword (in characters, in lower case) the gram indexes answer. */
export const GRAM_KEYWORD_MAX = 2;

/** `keyword` is short enough for a gram index, and has no character the index leaves out. */
export function isGramKeyword(keyword: string): boolean {
  const n = [...keyword.toLowerCase()].length;
  return n >= 1 && n <= GRAM_KEYWORD_MAX && !keyword.includes('\x01');
}

/** The values of `keywordSql`'s placeholders for `keyword`. */
export function keywordValues(keyword: string) {
  const escaped = likeEscape(keyword);
  return {
    keyword,
    keywordLower: keyword.toLowerCase(),
    keywordContains: `%${escaped}%`,
    keywordPrefix: `${escaped}%`,
    keywordBytes: Buffer.byteLength(keyword),
  };
}

/** No letter of the keyword has an upper and a lower case (Chinese, digits). */
export const isCaseless = (keyword: string): boolean => keyword.toLowerCase() === keyword.toUpperCase();

/**
 * Keyword search that works for Chinese: `ILIKE '%关键词%'` finds partial words (焦虑 in
 * 广泛性焦虑量表), which trigram similarity alone does not, since pg_trgm splits text into words
 * and a Chinese phrase is one word. GIN trigram indexes serve these ILIKEs for keywords of
 * three characters or more, when every field of the OR has one (a BitmapOr of them): each field
 * is asked as it is, not through `coalesce` (an index on a column does not serve an expression
 * over it). A NULL field makes its LIKE NULL, which the OR and the WHERE take as false, as
 * `coalesce(field, '')` would have given for a keyword that is never empty. A keyword of one or
 * two characters (`k.grams`) is asked of `grams`, the gram index of every field without `holds`
 * (`searchGrams`), when the provider has one.
 */
export function keywordFilter(k: KeywordSql, fields: RankedField[], grams?: SQL): SQL {
  const like = likeFor(k);
  const held = (f: RankedField) =>
    f.holds ? f.holds(like, k.contains) : sql`${f.text} ${like} ${k.contains}`;
  // A short keyword from the gram index of the fields without `holds` (`searchGrams`), the
  // others asked as before. PostgreSQL's `lower` is the one `ILIKE` folds with.
  const asked =
    k.grams && grams
      ? [sql`${grams} @> array[lower(${k.keyword}::text)]`, ...fields.filter((f) => f.holds).map(held)]
      : fields.map(held);
  return sql`(${sql.join(asked, sql` or `)})`;
}

/**
 * `LIKE` for a keyword with no letter that has a case (Chinese, digits), `ILIKE` otherwise. Both
 * find the same rows for such a keyword, but `ILIKE` folds the case of every character of the
 * text it reads, which on Chinese articles costs three to four times what `LIKE` does (5,000
 * articles: 50 ms against 14 ms); the trigram indexes serve both.
 */
export function likeFor(k: Pick<KeywordSql, 'caseless'>): SQL {
  return k.caseless ? sql.raw('like') : sql.raw('ilike');
}

/**
 * Relevance of one row that `keywordFilter(k, fields)` matched, comparable across kinds:
 * per field, an exact match scores 1, a prefix 0.8, a match elsewhere 0.5 plus up to 0.3 for how
 * much of the text the keyword covers (焦虑 ranks 焦虑自评量表 above a long article mentioning
 * it); times the field's weight, summed, plus, for short fields (titles, names) that hold the
 * keyword, trigram similarity as a tie-breaker for longer and Latin keywords.
 *
 * Written for the rows a common word matches by the thousand (issue 18: a search at a million
 * assessments ranked 4,600 articles in 35 ms): a field is searched once (`strpos` for a caseless
 * keyword, where the three LIKEs each read a 1 KB body again), similarity is computed only for
 * a field that holds the keyword (it was a quarter of the ranking), and the share the keyword
 * covers is measured in bytes (`octet_length` reads the stored size; `char_length` walks the
 * whole text), which is the share in characters for a text in one script and near it otherwise.
 * And the last long field (an article's body) is not searched when no other field holds the
 * keyword: the filter let the row through, so that field holds it, and only its start is read
 * (for the exact and prefix scores). Most rows of a common word match in the body alone, which
 * the filter's LIKE has just read: this spares the second read.
 */
export function relevance(k: KeywordSql, fields: RankedField[]): SQL<number> {
  const text = fieldText;
  const similar = (f: RankedField) => similarity(k, f);
  const covers = (f: RankedField) => coverage(k, f);
  const holds = (f: RankedField) =>
    f.holds
      ? f.holds(likeFor(k), k.contains)
      : k.caseless
        ? sql`strpos(${text(f)}, ${k.keyword}) > 0`
        : sql`${text(f)} ilike ${k.contains}`;
  const held = (f: RankedField) => heldScore(k, f);
  const implied = impliedField(fields);
  const parts = fields.map((f, i) => {
    const t = text(f);
    let score: SQL;
    if (k.caseless) {
      const at = sql`strpos(${t}, ${k.keyword})`;
      score = sql`(case ${at}
      when 0 then 0
      when 1 then (case when ${t} = ${k.keyword} then 1.0 else 0.8 end)${similar(f)}
      else ${covers(f)}${similar(f)} end)`;
    } else {
      score = sql`(case
      when lower(${t}) = ${k.lower} then 1.0${similar(f)}
      when ${t} ilike ${k.prefix} then 0.8${similar(f)}
      when ${t} ilike ${k.contains} then ${covers(f)}${similar(f)}
      else 0 end)`;
    }
    // A field asked through `holds` (an author's name) is read only for the rows it holds the
    // keyword for: its text may then be a subquery (the posts' ranking reads no account).
    if (f.holds) score = sql`(case when ${holds(f)} then ${score} else 0 end)`;
    if (i === implied) {
      const others = fields.filter((_, j) => j !== i).map(holds);
      score = sql`(case when not (${sql.join(others, sql` or `)}) then ${held(f)} else ${score} end)`;
    }
    return sql`${f.weight}::float8 * ${score}`;
  });
  return sql<number>`(${sql.join(parts, sql` + `)})`.mapWith(Number);
}

/**
 * The field `relevance` does not search when no other field holds the keyword (the filter let
 * the row through, so it does): the last long one (an article's body), when there are others;
 * -1 when there is none.
 */
export function impliedField(fields: RankedField[]): number {
  return fields.length > 1 ? fields.findLastIndex((f) => !f.short) : -1;
}

/**
 * `relevance` of a row whose only field holding the keyword is the implied one
 * (`impliedField`): that field's score read from its start, which for most such rows is its
 * share of the text, so the shorter the text the higher the row.
 */
export function impliedRelevance(k: KeywordSql, fields: RankedField[]): SQL<number> {
  const f = fields[impliedField(fields)];
  if (!f) throw new Error('no implied field');
  return sql<number>`(${f.weight}::float8 * ${heldScore(k, f)})`.mapWith(Number);
}

const fieldText = (f: RankedField) => sql`coalesce(${f.text}, '')`;

/** Trigram similarity of a short field (a title, a name) to the keyword: a tie-breaker. */
const similarity = (k: KeywordSql, f: RankedField) =>
  f.short ? sql` + 0.1 * similarity(${fieldText(f)}, ${k.keyword})` : sql``;

/** The score of a match inside the field: 0.5, plus up to 0.3 for the share of it the keyword is. */
const coverage = (k: KeywordSql, f: RankedField) =>
  sql`0.5 + 0.3 * ${k.bytes}::float8 / greatest(octet_length(${fieldText(f)}), 1)`;

/** The score of a field known to hold the keyword: exact, prefix or elsewhere, read from its start. */
function heldScore(k: KeywordSql, f: RankedField): SQL {
  const t = fieldText(f);
  const exact = k.caseless ? sql`${t} = ${k.keyword}` : sql`lower(${t}) = ${k.lower}`;
  return sql`(case when ${exact} then 1.0 when ${t} ${likeFor(k)} ${k.prefix} then 0.8 else ${coverage(k, f)} end)${similarity(k, f)}`;
}

/**
 * What a hit shows under its title: `preferred` when it contains the keyword (or there is no
 * other text), else about `width` characters of `text` around the first match.
 */
export function excerpt(preferred: string, text: string, keyword: string, width = 80): string {
  const k = keyword.toLowerCase();
  if (preferred.toLowerCase().includes(k)) return preferred;
  const at = text.toLowerCase().indexOf(k);
  if (at < 0) return preferred;
  const start = Math.max(0, at - Math.floor((width - keyword.length) / 2));
  const end = Math.min(text.length, start + width);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
