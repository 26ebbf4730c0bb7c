import { describe, expect, it } from 'vitest';
import type { ApiFailureKey } from '../../src/contract/messages.js';
import { ag } from '../../src/web/i18n/admin-groups.js';
import { chosenFile, namedFields, subcategoryBody, subcategoryFields } from '../../src/web/lib/admin-groups.js';
import { namedBody, namedKindOf } from '../../src/web/lib/admin-groups.server.js';
import { validateNamed, validateSubcategory } from '../../src/web/lib/admin-groups-validation.js';
import { formFailureFromApi } from '../../src/web/lib/api-errors.js';
import { failBody, fieldErrorsBody } from '../helpers/failures.js';

const CATEGORY_ID = '7d0f5c1e-8f1a-4c6b-9a51-0d3c2b1a9e77';

describe('the brand and category form', () => {
  it('needs a name of 2 to 64 characters and an image (docs/specification.md (Validation rules: Brands, categories and sub-categories)), in the kind’s own words', () => {
    expect(validateNamed({ name: ' ', image: '' }, 'brand', { hasImage: false })).toEqual({
      name: ag.brand.nameRequired,
      image: ag.brand.imageRequired,
    });
    expect(validateNamed({ name: 'ت', image: '' }, 'category', { hasImage: true })).toEqual({
      name: ag.category.nameTooShort,
    });
    expect(validateNamed({ name: 'ت'.repeat(65), image: '' }, 'category', { hasImage: true })).toEqual({
      name: ag.category.nameTooLong,
    });
    expect(validateNamed({ name: '  سامسونج  ', image: '' }, 'brand', { hasImage: true })).toEqual({});
  });

  it('counts only a chosen file as an image: an empty file input posts a nameless empty file', () => {
    const form = new FormData();
    form.set('image', new File([], ''));
    expect(chosenFile(form, 'image')).toBeNull();
    form.set('image', new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(chosenFile(form, 'image')?.name).toBe('logo.png');
    form.set('image', 'not a file');
    expect(chosenFile(form, 'image')).toBeNull();
  });

  it('sends the trimmed name, and the image only when one was chosen', () => {
    const logo = new File(['png'], 'logo.png', { type: 'image/png' });
    const withImage = namedBody(' أبل ', logo);
    expect(withImage.get('name')).toBe('أبل');
    expect((withImage.get('image') as File).name).toBe('logo.png');
    expect(namedBody('أبل', null).has('image')).toBe(false);
  });

  it('tells brands from categories by the path, whatever its case', () => {
    const kind = (path: string) => namedKindOf(new Request(`http://shop.test${path}`));
    expect(kind('/admin/addbrand')).toBe('brand');
    expect(kind('/admin/AddBrand?page=2')).toBe('brand');
    expect(kind('/admin/editbrand/1')).toBe('brand');
    expect(kind('/admin/addcategory')).toBe('category');
    expect(kind('/admin/editcategory/1')).toBe('category');
  });

  it('puts the API’s name and image refusals on their fields in Arabic', () => {
    const fieldError = (param: string, key: ApiFailureKey) => ({ status: 400, body: fieldErrorsBody([param, key]) });
    expect(formFailureFromApi(fieldError('name', 'brandNameTaken'), namedFields, 'EG')).toEqual({
      fieldErrors: { name: ag.brand.nameTaken },
    });
    expect(formFailureFromApi(fieldError('name', 'categoryNameTooLong'), namedFields, 'EG')).toEqual({
      fieldErrors: { name: ag.category.nameTooLong },
    });
    // Image failures come as a message only; they still belong to the image field.
    const fail = (status: number, key: ApiFailureKey) => ({ status, body: failBody(key) });
    expect(formFailureFromApi(fail(415, 'imageInvalid'), namedFields, 'EG')).toEqual({
      fieldErrors: { image: ag.imageInvalid },
    });
    expect(formFailureFromApi(fail(413, 'imageTooLarge'), namedFields, 'EG')).toEqual({
      fieldErrors: { image: ag.imageTooLarge },
    });
    expect(formFailureFromApi(fail(413, 'imageTooManyPixels'), namedFields, 'EG')).toEqual({
      fieldErrors: { image: ag.imageTooManyPixels },
    });
  });
});

describe('the sub-category form', () => {
  it('needs a name and a parent category; the placeholder option is no choice', () => {
    expect(validateSubcategory({ name: '', category: '' })).toEqual({
      name: ag.subcategory.nameRequired,
      category: ag.categoryRequired,
    });
    expect(validateSubcategory({ name: 'هواتف أندرويد', category: CATEGORY_ID })).toEqual({});
    expect(subcategoryBody({ name: ' هواتف أندرويد ', category: CATEGORY_ID })).toEqual({
      name: 'هواتف أندرويد',
      category: CATEGORY_ID,
    });
  });

  it('puts the API’s refusals on their fields in Arabic', () => {
    const fieldError = (param: string, key: ApiFailureKey) => ({ status: 400, body: fieldErrorsBody([param, key]) });
    expect(formFailureFromApi(fieldError('name', 'subcategoryNameTaken'), subcategoryFields, 'EG')).toEqual({
      fieldErrors: { name: ag.subcategory.nameTaken },
    });
    expect(formFailureFromApi(fieldError('category', 'categoryNotFound'), subcategoryFields, 'EG')).toEqual({
      fieldErrors: { category: ag.categoryGone },
    });
    expect(formFailureFromApi(fieldError('category', 'subcategoryCategoryRequired'), subcategoryFields, 'EG')).toEqual({
      fieldErrors: { category: ag.categoryRequired },
    });
  });
});
