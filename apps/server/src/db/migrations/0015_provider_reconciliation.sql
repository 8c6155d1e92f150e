ALTER TABLE "orders" ADD COLUMN "pay_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_note" text;--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("provider","created_at") WHERE "orders"."state" = 'pending' or "orders"."refund_state" = 'processing';--> statement-breakpoint
CREATE INDEX "orders_closed_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."state" in ('cancelled', 'failed') and "orders"."refund_state" is null and "orders"."expires_at" is not null;