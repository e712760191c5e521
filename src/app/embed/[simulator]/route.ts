// GET /embed/{simulator}: the simulators framed by the simulator pages (impot-revenu, indemnite-licenciement,
// bareme-kilometrique).
import { EMBEDDED_SIMULATORS } from '@/server/simulators/catalog';
import { htmlResponse } from '@/server/simulators/embed-page';

export async function GET(
  request: Request,
  context: { params: Promise<{ simulator: string }> },
): Promise<Response> {
  const { simulator } = await context.params;
  const entry = EMBEDDED_SIMULATORS[`/embed/${simulator}`];
  if (!entry) return new Response('Simulateur introuvable', { status: 404 });
  return htmlResponse(entry.render(new URL(request.url).searchParams));
}
