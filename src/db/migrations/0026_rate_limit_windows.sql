CREATE TABLE "rate_limit_windows" (
	"route" text NOT NULL,
	"key" text NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_windows_route_key_pk" PRIMARY KEY("route","key")
);
