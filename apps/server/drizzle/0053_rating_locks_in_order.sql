-- The DELETE branch of expert_ratings_add (0045) took its experts' rating rows in the order its
-- join produced them (a hash of the deleted rows' experts), so two statements deleting
-- feedback of several experts each could lock two rows in opposite orders and deadlock; the
-- INSERT branch and the row trigger already go in expert order. Now the DELETE branch locks the
-- rows it will change in expert order first, then changes them.
CREATE OR REPLACE FUNCTION expert_ratings_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO expert_ratings AS r (expert_id, n, total)
      SELECT expert_id, count(*), sum(rating) FROM new_rows WHERE kind = 'booking'
      GROUP BY expert_id ORDER BY expert_id
      ON CONFLICT (expert_id) DO UPDATE SET n = r.n + excluded.n, total = r.total + excluded.total;
  ELSE
    PERFORM 1 FROM expert_ratings r
      WHERE r.expert_id IN (SELECT expert_id FROM old_rows WHERE kind = 'booking')
      ORDER BY r.expert_id FOR UPDATE;
    UPDATE expert_ratings r SET n = r.n - d.n, total = r.total - d.total
      FROM (SELECT expert_id, count(*) AS n, sum(rating) AS total FROM old_rows WHERE kind = 'booking'
            GROUP BY expert_id) d
      WHERE r.expert_id = d.expert_id;
  END IF;
  RETURN NULL;
END
$$;
