import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idParams, noContentSchema } from '../../../contract/common.js';
import {
  featuredEnvelope,
  featuredSchema,
  homeEnvelope,
  slideChangesForm,
  slideEnvelope,
  slideForm,
  slideListEnvelope,
  slideOrderSchema,
} from '../../../contract/home.js';
import { currencyDigits } from '../../../contract/money.js';
import type { AppContext } from '../../context.js';
import { fieldError, issuesError } from '../../errors.js';
import { readForm } from '../../http/multipart.js';
import { failing, formBody } from '../../http/openapi.js';
import { originOf } from '../../http/origin.js';
import type { SavedUpload } from '../../media/references.js';
import { createProductPresenter } from '../catalog/products.js';
import {
  createSlide,
  deleteSlide,
  featuredOf,
  type HomeContext,
  homeOf,
  listSlides,
  reorderSlides,
  saveFeatured,
  updateSlide,
} from './service.js';

/** The home page (docs/home-page.md): anyone reads what it shows; the admin chooses it. */
export async function homeRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards, media, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['home'];
  const present = createProductPresenter(db, media, currencyDigits(config.currency));
  const home = (request: FastifyRequest): HomeContext => ({ db, media, present, log: request.log });
  const origin = (request: FastifyRequest) => originOf(request, config);

  /** A slide's form: its text fields through the contract's schema, and the `image` file saved to the media store. */
  async function readSlideForm<S extends z.ZodType>(request: FastifyRequest, schema: S) {
    const form = await readForm(request);
    const input: Record<string, string | undefined> = Object.fromEntries(
      Object.entries(form.fields).map(([key, values]) => [key, values[0]]),
    );
    // readForm drops a JSON null; on a window's edge it means "none", as the form's empty field does.
    const body = request.isMultipart() ? undefined : (request.body as Record<string, unknown> | null | undefined);
    for (const edge of ['activeFrom', 'activeUntil']) if (body?.[edge] === null) input[edge] = '';
    const parsed = schema.safeParse(input);
    if (!parsed.success) throw issuesError(parsed.error.issues, input, 'body');
    const file = form.files.image?.[0];
    const upload: SavedUpload | undefined = file
      ? { folder: 'slides', input: file, key: await media.save('slides', file) }
      : undefined;
    return { fields: parsed.data as z.output<S>, upload };
  }

  r.get('/home', { schema: { response: { 200: homeEnvelope }, tags } }, async (request) => ({
    data: await homeOf(home(request), new Date(), origin(request)),
  }));

  r.get(
    '/admin/home/slides',
    { onRequest: guards.admin, schema: { response: { 200: slideListEnvelope }, tags } },
    async (request) => ({ data: await listSlides(home(request), origin(request)) }),
  );

  r.post(
    '/admin/home/slides',
    {
      onRequest: guards.admin,
      // The picture is a file: a JSON body cannot make a slide.
      schema: {
        documentedBody: formBody(slideForm, ['multipart/form-data']),
        response: { 201: slideEnvelope, ...failing(409) },
        tags,
      },
    },
    async (request, reply) => {
      const { fields, upload } = await readSlideForm(request, slideForm);
      if (!upload) throw fieldError('image', 'slideImageRequired', undefined);
      const slide = await createSlide(home(request), fields, upload, origin(request));
      return reply.code(201).send({ data: slide });
    },
  );

  r.put(
    '/admin/home/slides/order',
    {
      onRequest: guards.admin,
      schema: { body: slideOrderSchema, response: { 200: slideListEnvelope }, tags },
    },
    async (request) => ({ data: await reorderSlides(home(request), request.body.ids, origin(request)) }),
  );

  r.put(
    '/admin/home/slides/:id',
    {
      onRequest: guards.admin,
      schema: {
        params: idParams,
        documentedBody: formBody(slideChangesForm),
        response: { 200: slideEnvelope, ...failing(404) },
        tags,
      },
    },
    async (request) => {
      const { fields, upload } = await readSlideForm(request, slideChangesForm);
      return { data: await updateSlide(home(request), request.params.id, fields, upload, origin(request)) };
    },
  );

  r.delete(
    '/admin/home/slides/:id',
    {
      onRequest: guards.admin,
      schema: { params: idParams, response: { 204: noContentSchema, ...failing(404) }, tags },
    },
    async (request, reply) => {
      await deleteSlide(home(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    '/admin/home/featured',
    { onRequest: guards.admin, schema: { response: { 200: featuredEnvelope }, tags } },
    async (request) => ({ data: await featuredOf(home(request), origin(request)) }),
  );

  r.put(
    '/admin/home/featured',
    { onRequest: guards.admin, schema: { body: featuredSchema, response: { 200: featuredEnvelope }, tags } },
    async (request) => ({ data: await saveFeatured(home(request), request.body, origin(request)) }),
  );
}
