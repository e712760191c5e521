// PUT /api/admin/home/{block} (docs/ADMIN-API.md): one block of the home page replaced, in display order
import { homeBlockBodies, homeBlockSchema } from '@/lib/contracts/home-blocks';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import { requireStaff } from '@/server/newsroom/auth';
import { adminJson, adminRoute, routeParam } from '@/server/newsroom/route';
import { putHomeBlock } from '@/server/site-newsroom/home-blocks';

type Context = { params: Promise<{ block: string }> };

export const PUT = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'home.edit');
  const block = homeBlockSchema.safeParse(await routeParam(context, 'block'));
  if (!block.success) throw new AppError('not_found', 'Bloc de la page d’accueil inconnu.');
  switch (block.data) {
    case 'banners':
      return putHomeBlock(db, principal, 'banners', await adminJson(request, homeBlockBodies.banners));
    case 'offer-categories':
      return putHomeBlock(
        db,
        principal,
        'offer-categories',
        await adminJson(request, homeBlockBodies['offer-categories']),
      );
    case 'solutions':
      return putHomeBlock(db, principal, 'solutions', await adminJson(request, homeBlockBodies.solutions));
    case 'white-papers':
      return putHomeBlock(
        db,
        principal,
        'white-papers',
        await adminJson(request, homeBlockBodies['white-papers']),
      );
  }
});
