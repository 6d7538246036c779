import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import type { RouteContext } from '../context.js';
import { HttpError, Invalid, NotFound } from '../errors.js';
import { MAX_UPLOAD_BYTES } from './image.js';
import { UPLOAD_FILE_PATTERN } from './service.js';
import { displayFilesOfVariant } from '@newsroom/common';
import { uploadOperations as op } from '@newsroom/common/api/platform';
import { serve } from '../http/operation.js';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** POST /uploads (answers in the image host's shape {data: {display_url}}) and GET /uploads/{file}. */
export function uploadRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { uploads } = ctx.services;

  const parseImage = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  }).single('image');
  const receiveImage: RequestHandler = (req, res, next) => {
    parseImage(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') {
          return next(new HttpError(413, `The image must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`));
        }
        return next(new Invalid(`Send one image file in the form field "image" (${err.code})`));
      }
      next(new Invalid('Malformed upload'));
    });
  };

  // The body is multipart (declared, not parsed by serve): multer reads it.
  serve(
    router,
    op.uploadImage,
    ctx.guards.optionalUser,
    ctx.limits.uploads,
    receiveImage,
    async (_input, req, res) => {
      if (!req.file?.buffer?.length) throw new Invalid('Invalid image file input.');
      const { url } = await uploads.store(req.file.buffer, req.auth?.email ?? null);
      res.status(201).json({ data: { display_url: url, url }, success: true, status: 201 });
    },
  );

  // A file name that cannot exist is 404, not 400 (unknownParamIs404): refused before the params are parsed.
  const knownFileName: RequestHandler = (req, _res, next) => {
    const file = req.params.file;
    if (typeof file !== 'string' || !UPLOAD_FILE_PATTERN.test(file))
      return next(new NotFound('Image not found'));
    next();
  };
  serve(router, op.getUpload, knownFileName, async ({ params: { file } }, _req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // A missing variant (files copied without them, say) is answered with its display image, not
    // cached for long, so a srcset never shows a broken image. See docs/decisions/responsive-images.md.
    const fallbacks = displayFilesOfVariant(file);
    const send = async (name: string, immutable: boolean): Promise<void> => {
      const cache = { maxAgeMs: immutable ? ONE_YEAR_MS : 0, immutable };
      if (await uploads.storage.send(res, name, cache)) return;
      const fallback = fallbacks.shift();
      if (fallback) return send(fallback, false);
      throw new NotFound('Image not found');
    };
    await send(file, true);
  });

  return router;
}
