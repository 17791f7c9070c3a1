CREATE TABLE "knowledge_term" (
	"organization_id" integer NOT NULL,
	"term" varchar(60) NOT NULL,
	"df" integer NOT NULL,
	CONSTRAINT "knowledge_term_organization_id_term_pk" PRIMARY KEY("organization_id","term")
);
--> statement-breakpoint
ALTER TABLE "knowledge_passage" ADD COLUMN "title_tokens" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_passage" ADD COLUMN "token_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_passage" drop column "tsv";--> statement-breakpoint
ALTER TABLE "knowledge_passage" ADD COLUMN "tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', title_tokens), 'A') || to_tsvector('simple', tokens)) STORED;--> statement-breakpoint
CREATE INDEX "knowledge_passage_tsv_idx" ON "knowledge_passage" USING gin ("tsv");--> statement-breakpoint
-- the term counts of the passages already there (made again with their terms by the knowledge.reindex job)
INSERT INTO "knowledge_term" ("organization_id", "term", "df")
SELECT "organization_id", "term", count(*) FROM (
	SELECT DISTINCT p."id", p."organization_id", left(t."term", 60) AS "term"
	FROM "knowledge_passage" p, unnest(string_to_array(p."tokens", ' ')) AS t("term")
	WHERE t."term" <> ''
) d GROUP BY "organization_id", "term";--> statement-breakpoint
INSERT INTO "knowledge_term" ("organization_id", "term", "df")
SELECT "organization_id", '', count(*) FROM "knowledge_passage" GROUP BY "organization_id";
--> statement-breakpoint
INSERT INTO "knowledge_term" ("organization_id", "term", "df")
SELECT "organization_id", ' ', sum(cardinality(array(SELECT DISTINCT unnest(string_to_array("tokens", ' ')))))::int
FROM "knowledge_passage" GROUP BY "organization_id";
