ALTER TABLE "accounts" DROP CONSTRAINT "accounts_cubes_non_negative";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "plan_debt_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_plan_debt_non_negative" CHECK ("accounts"."plan_debt_seconds" >= 0);