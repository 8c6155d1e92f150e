CREATE INDEX "work_likes_user_idx" ON "work_likes" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_cover_idx" ON "projects" USING btree ("cover_image_id");--> statement-breakpoint
CREATE INDEX "projects_style_reference_idx" ON "projects" USING btree (("style"->>'referenceImageId'));