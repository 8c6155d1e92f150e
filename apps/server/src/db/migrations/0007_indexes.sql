CREATE INDEX "users_invited_by_idx" ON "users" USING btree ("invited_by") WHERE "users"."invited_by" is not null;--> statement-breakpoint
CREATE INDEX "uploads_sweep_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."task_id" is null;--> statement-breakpoint
CREATE INDEX "works_base_upload_idx" ON "works" USING btree ("base_upload_id") WHERE "works"."base_upload_id" is not null;