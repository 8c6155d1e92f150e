CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"kind" text NOT NULL,
	"pieces" integer NOT NULL,
	"period" text,
	"cubes" integer DEFAULT 0 NOT NULL,
	"plan_seconds" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_pieces_positive" CHECK ("orders"."pieces" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"cubes" integer DEFAULT 0 NOT NULL,
	"period" text,
	"price_cny" integer NOT NULL,
	"price_usd" integer NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_kind" CHECK ("products"."kind" in ('cubes', 'plan')),
	CONSTRAINT "products_prices_positive" CHECK ("products"."price_cny" > 0 and "products"."price_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "redemption_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"batch" text NOT NULL,
	"cubes" integer DEFAULT 0 NOT NULL,
	"plan_days" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"used_by" uuid,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redemption_codes_grants" CHECK ("redemption_codes"."cubes" >= 0 and "redemption_codes"."plan_days" >= 0 and "redemption_codes"."cubes" + "redemption_codes"."plan_days" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_codes" ADD CONSTRAINT "redemption_codes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_ref_idx" ON "orders" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "redemption_codes_batch_idx" ON "redemption_codes" USING btree ("batch","created_at");