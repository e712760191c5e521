import 'server-only';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { markTracingEnabled } from './tracing';

// The OpenTelemetry SDK, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (instrumentation-node.ts): spans are
// batched and sent to the collector over OTLP/HTTP (JSON). The async-local-storage context manager makes a span
// started inside another (a statement inside a search inside a request) its child.

/** Registers the SDK as the process's tracer provider; `stopTracing()` (tracing.ts) sends what is left. */
export function startTracing(options: { endpoint: string; serviceName: string }): void {
  const contextManager = new AsyncLocalStorageContextManager();
  context.setGlobalContextManager(contextManager.enable());
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` }),
      }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  markTracingEnabled(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
  });
}
