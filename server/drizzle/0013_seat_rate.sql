CREATE TABLE "billing_seat_rate" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"fen_per_month" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
