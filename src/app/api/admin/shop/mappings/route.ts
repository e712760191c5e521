// GET / PUT /api/admin/shop/mappings (docs/ADMIN-API.md): the job x subject → product code mapping
import { productMappingsBody } from '@/lib/contracts/shop-catalogue';
import { getDb } from '@/server/db/client';
import { getMappings, putMappings } from '@/server/shop/shop-catalogue';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'shop.read');
  return getMappings(db);
});

export const PUT = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'shop.manage');
  return putMappings(db, principal, (await adminJson(request, productMappingsBody)).items);
});
