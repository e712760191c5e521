import 'server-only';
import { type Attributes, context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { remember } from '../lib/remember';

// Spans of our own code: the request pipeline's steps, database statements and the parts of a search. They go
// through the OpenTelemetry API, which does nothing until an SDK is registered (tracing-sdk.ts, when
// OTEL_EXPORTER_OTLP_ENDPOINT is set); while tracing is off, `inSpan` calls its function directly, so an untraced
// process pays one boolean test per span.

const TRACER_NAME = 'la-quotidienne';

// One per process (remember): the server entry's copy of this module (scripts/serve.ts) stops what the bundle's
// copy started, and its request steps trace as the app's code does.
const tracing = remember<{ enabled: boolean; stop?: () => Promise<void> }>('tracing', () => ({
  enabled: false,
}));

/** Said by tracing-sdk.ts once a tracer provider is registered, with what sends its last spans and stops it. */
export function markTracingEnabled(stop: () => Promise<void>): void {
  tracing.enabled = true;
  tracing.stop = stop;
}

/** Sends the spans not yet exported and stops tracing (the graceful stop; tests). */
export async function stopTracing(): Promise<void> {
  const stop = tracing.stop;
  tracing.enabled = false;
  tracing.stop = undefined;
  await stop?.();
}

export function tracingEnabled(): boolean {
  return tracing.enabled;
}

/** Runs `work` inside a span (a child of the active one); a thrown error marks the span failed and is rethrown. */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span?: Span) => Promise<T>,
): Promise<T> {
  if (!tracing.enabled) return work();
  return trace.getTracer(TRACER_NAME).startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Starts a span that the caller ends (for work that ends in a callback or an event), or nothing when off. `server`
 * marks the span of a request this process received.
 */
export function startSpan(name: string, attributes: Attributes, server = false): Span | undefined {
  if (!tracing.enabled) return undefined;
  return trace
    .getTracer(TRACER_NAME)
    .startSpan(name, { attributes, ...(server ? { kind: SpanKind.SERVER } : {}) });
}

/** Runs `work` with `span` active: the spans it starts are its children, its log lines carry its ids. */
export function withActiveSpan<T>(span: Span, work: () => T): T {
  return context.with(trace.setSpan(context.active(), span), work);
}

export function failSpan(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}

/** The active trace's ids for a log line, so that logs and traces can be joined; empty outside a span. */
export function traceIdsForLog(): { trace_id?: string; span_id?: string } {
  if (!tracing.enabled) return {};
  const context = trace.getActiveSpan()?.spanContext();
  return context ? { trace_id: context.traceId, span_id: context.spanId } : {};
}
