CREATE TABLE "newsletter_campaign_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_link_clicks" (
	"link_id" integer NOT NULL,
	"recipient" text NOT NULL,
	"clicks" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_link_clicks_link_id_recipient_pk" PRIMARY KEY("link_id","recipient")
);
--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "trade" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_source" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_date" date;--> statement-breakpoint
ALTER TABLE "newsletter_campaign_links" ADD CONSTRAINT "newsletter_campaign_links_campaign_id_newsletter_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."newsletter_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_link_clicks" ADD CONSTRAINT "newsletter_link_clicks_link_id_newsletter_campaign_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."newsletter_campaign_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_campaign_links_url_idx" ON "newsletter_campaign_links" USING btree ("campaign_id","url");