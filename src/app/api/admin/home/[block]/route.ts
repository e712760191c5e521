// PUT /api/admin/home/{block} (docs/ADMIN-API.md): one block of the home page replaced, in display order
import { type HomeBlock, homeBlockBodies, homeBlockSchema } from '@/lib/contracts/home-blocks';
import { type Db, getDb } from '@/server/db/client';
import { type HomeBlockBodies, putHomeBlock } from '@/server/home-blocks/home-blocks';
import { AppError } from '@/server/http/errors';
import { requireStaff, type StaffPrincipal } from '@/server/staff/auth';
import { adminJson, adminRoute, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ block: string }> };

/** Reads the body with the block's own schema and saves it: one path for every block. */
async function putBlock<Block extends HomeBlock>(
  db: Db,
  principal: StaffPrincipal,
  block: Block,
  request: Request,
) {
  // TypeScript does not follow a generic key through the schema record: the schema of `block` reads its body.
  const body = (await adminJson(request, homeBlockBodies[block])) as HomeBlockBodies[Block];
  return putHomeBlock(db, principal, block, body);
}

export const PUT = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'home.edit');
  const block = homeBlockSchema.safeParse(await routeParam(context, 'block'));
  if (!block.success) throw new AppError('not_found', 'Bloc de la page d’accueil inconnu.');
  return putBlock(db, principal, block.data, request);
});
