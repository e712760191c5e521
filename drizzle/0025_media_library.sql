ALTER TABLE "media" ADD COLUMN "caption" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "focal_x" smallint;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "focal_y" smallint;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "replaces_id" integer;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_replaces_id_media_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_replaces_idx" ON "media" USING btree ("replaces_id");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_focal_point_check" CHECK ("media"."focal_x" between 0 and 100 and "media"."focal_y" between 0 and 100);