CREATE TABLE "invitation_bonuses" (
	"user_low" uuid NOT NULL,
	"user_high" uuid NOT NULL,
	"inviter_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitation_bonuses_user_low_user_high_pk" PRIMARY KEY("user_low","user_high"),
	CONSTRAINT "invitation_bonuses_ordered" CHECK ("invitation_bonuses"."user_low" < "invitation_bonuses"."user_high")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "invite_bonuses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invitation_bonuses" ADD CONSTRAINT "invitation_bonuses_user_low_users_id_fk" FOREIGN KEY ("user_low") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_bonuses" ADD CONSTRAINT "invitation_bonuses_user_high_users_id_fk" FOREIGN KEY ("user_high") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_bonuses" ADD CONSTRAINT "invitation_bonuses_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "invitation_bonuses" ("user_low", "user_high", "inviter_id", "created_at")
SELECT least(l."user_id", i."id"), greatest(l."user_id", i."id"), l."user_id", min(l."created_at")
  FROM "ledger" l JOIN "users" i ON i."id"::text = substring(l."idempotency_key" from 16)
 WHERE l."idempotency_key" LIKE 'invite:inviter:%' AND l."user_id" <> i."id"
 GROUP BY 1, 2, 3
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "accounts" a SET "invite_bonuses" = c."n"
  FROM (SELECT "user_id", count(*)::int AS "n" FROM "ledger" WHERE "idempotency_key" LIKE 'invite:inviter:%' GROUP BY "user_id") c
 WHERE a."user_id" = c."user_id";
