CREATE TABLE "work_shares" (
	"work_id" uuid NOT NULL,
	"sharer_key" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "work_shares_work_id_sharer_key_day_pk" PRIMARY KEY("work_id","sharer_key","day")
);
--> statement-breakpoint
ALTER TABLE "work_reports" ADD COLUMN "reporter_key" text;--> statement-breakpoint
ALTER TABLE "work_shares" ADD CONSTRAINT "work_shares_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "work_reports" r SET "reporter_key" = 'user:' || r."reporter_id"
 WHERE r."reporter_id" IS NOT NULL AND r."status" = 'open'
   AND r."id" = (SELECT r2."id" FROM "work_reports" r2
                  WHERE r2."work_id" = r."work_id" AND r2."reporter_id" = r."reporter_id" AND r2."status" = 'open'
                  ORDER BY r2."created_at", r2."id" LIMIT 1);--> statement-breakpoint
CREATE UNIQUE INDEX "work_reports_open_idx" ON "work_reports" USING btree ("work_id","reporter_key") WHERE "work_reports"."status" = 'open';