CREATE TABLE "accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"cubes" integer DEFAULT 0 NOT NULL,
	"plan_until" timestamp with time zone,
	"active_tasks" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_cubes_non_negative" CHECK ("accounts"."cubes" >= 0),
	CONSTRAINT "accounts_active_non_negative" CHECK ("accounts"."active_tasks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "engine_stats" (
	"mode" text NOT NULL,
	"engine" text NOT NULL,
	"quality" text NOT NULL,
	"avg_seconds" double precision NOT NULL,
	"samples" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engine_stats_mode_engine_quality_pk" PRIMARY KEY("mode","engine","quality")
);
--> statement-breakpoint
CREATE TABLE "ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"cubes" integer DEFAULT 0 NOT NULL,
	"plan_seconds" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"task_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"slug" text NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"label_en" text NOT NULL,
	"label_zh" text NOT NULL,
	"prompt" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"params" jsonb NOT NULL,
	"prompt_original" text DEFAULT '' NOT NULL,
	"prompt_sent" text DEFAULT '' NOT NULL,
	"translation" text DEFAULT 'not_needed' NOT NULL,
	"engine" text NOT NULL,
	"state" text NOT NULL,
	"seq" integer DEFAULT 1 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"preview_key" text,
	"attempt" integer DEFAULT 0 NOT NULL,
	"cost_cubes" integer DEFAULT 0 NOT NULL,
	"covered_by_plan" boolean DEFAULT false NOT NULL,
	"refunded" boolean DEFAULT false NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"error_code" text,
	"worker_id" text,
	"heartbeat_at" timestamp with time zone,
	"server" text,
	"engine_ms" integer,
	"failed_servers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"folder_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "word_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"name_zh" text,
	"positive" text DEFAULT '' NOT NULL,
	"negative" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "thumb_key" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "task_id" uuid;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_packages" ADD CONSTRAINT "word_packages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_idempotency_idx" ON "ledger" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_slug_idx" ON "tags" USING btree ("category","slug");--> statement-breakpoint
CREATE INDEX "task_events_user_idx" ON "task_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "tasks_user_idx" ON "tasks" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_state_idx" ON "tasks" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "word_packages_user_idx" ON "word_packages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_task_idx" ON "uploads" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "uploads_hash_idx" ON "uploads" USING btree ("user_id","content_hash");