ALTER TABLE "tasks" ADD COLUMN "engine_ref" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "server_ahead" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "notice" text;