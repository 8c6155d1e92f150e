CREATE TABLE "oauth_flows" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"intent" text NOT NULL,
	"session_id" text,
	"nonce" text,
	"subject" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_flows" ADD CONSTRAINT "oauth_flows_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_flows_session_idx" ON "oauth_flows" USING btree ("session_id");--> statement-breakpoint
-- Names that differ only in case could be registered before this index: every one but the oldest gets a suffix.
UPDATE "users" AS u SET "username" = u."username" || '_' || substr(replace(u."id"::text, '-', ''), 1, 6)
WHERE EXISTS (
	SELECT 1 FROM "users" AS o
	WHERE lower(o."username") = lower(u."username") AND (o."created_at", o."id") < (u."created_at", u."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));