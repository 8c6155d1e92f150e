ALTER TABLE "tasks" ADD COLUMN "delivered" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "refunded_cubes" integer DEFAULT 0 NOT NULL;