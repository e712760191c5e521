CREATE TABLE "followed_texts" (
	"customer_id" integer NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followed_texts_customer_id_key_pk" PRIMARY KEY("customer_id","key")
);
--> statement-breakpoint
CREATE TABLE "legal_references" (
	"corpus" text NOT NULL,
	"document_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"display" text NOT NULL,
	"free" boolean NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "legal_references_corpus_document_id_position_pk" PRIMARY KEY("corpus","document_id","position"),
	CONSTRAINT "legal_references_corpus_check" CHECK ("legal_references"."corpus" in ('article', 'document'))
);
--> statement-breakpoint
ALTER TABLE "followed_texts" ADD CONSTRAINT "followed_texts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_references_key_idx" ON "legal_references" USING btree ("key","published_at" DESC NULLS LAST);