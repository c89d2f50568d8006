-- A paid report's review is now asked for when it is paid, not when the test is submitted.
-- Requests opened at submission for reports nobody has paid for are withdrawn: they held no
-- decision, and paying opens a fresh one (due counted from the payment).
DELETE FROM "review_requests" AS rr
USING "reports" AS r, "assessments" AS a
WHERE rr."kind" = 'report'
  AND rr."status" = 'pending'
  AND r."assessment_id" = rr."item_id"
  AND a."id" = r."assessment_id"
  AND a."price_fen" > 0
  AND r."paid_at" IS NULL;
