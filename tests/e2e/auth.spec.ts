import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from './fixtures';
import { expectNoAxeViolations, hydrated, latestMailTo, listedProducts, toast } from './support';

const PASSWORD = 'Secret-pass-1';
const ADMIN = { email: 'admin@matjar.local', password: 'Matjar-Admin-2026', name: 'مدير المتجر' };

const t = {
  required: {
    name: 'الاسم مطلوب',
    email: 'البريد الإلكتروني مطلوب',
    phone: 'رقم الجوال مطلوب',
    password: 'كلمة المرور مطلوبة',
    passwordConfirm: 'تأكيد كلمة المرور مطلوب',
  },
  mismatch: 'كلمتا المرور غير متطابقتين',
  emailInUse: 'هذا البريد الإلكتروني مستخدم بالفعل',
  emailInvalid: 'البريد الإلكتروني غير صالح',
  phoneInvalid: 'رقم الجوال غير صالح، أدخل رقم جوال من المملكة العربية السعودية',
  passwordTooShort: 'يجب ألا تقل كلمة المرور عن 8 أحرف',
  passwordTooCommon: 'كلمة المرور هذه شائعة وسهلة التخمين، اختر كلمة مرور أخرى',
  loginLocked: 'محاولات دخول فاشلة كثيرة لهذا البريد، انتظر قليلاً ثم حاول مرة أخرى أو استعد كلمة المرور',
  registered: 'تم إنشاء حسابك وتسجيل دخولك بنجاح',
  loginIncorrect: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  loggedIn: 'تم تسجيل الدخول بنجاح',
  loggedOut: 'تم تسجيل الخروج',
  emailUnknown: 'هذا البريد الإلكتروني غير مسجّل لدينا',
  codeSent: 'تم إرسال رمز التحقق إلى بريدك الإلكتروني',
  codeRequired: 'الرمز مطلوب',
  codeIncorrect: 'هذا الرمز غير صحيح، يرجى التحقق منه',
  codeConfirmed: 'تم تأكيد الرمز',
  resetCodeIncorrect: 'الرمز غير صحيح',
  passwordChanged: 'تم تغيير كلمة المرور وتسجيل دخولك',
  startRecovery: 'أدخل بريدك الإلكتروني أولاً لنرسل إليك رمز التحقق',
};

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

type Account = { name: string; email: string; password: string };

async function createAccount(request: APIRequestContext, name = 'سارة أحمد'): Promise<Account> {
  const account = { name, email: uniqueEmail('user'), password: PASSWORD };
  const response = await request.post('/api/v1/auth/signup', {
    data: { ...account, phone: '0551234567', passwordConfirm: PASSWORD },
  });
  expect(response.status()).toBe(201);
  return account;
}

/** Watches for form posts: an invalid form must not be sent at all. */
function recordPosts(page: Page) {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  return posts;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>, path = '/login') {
  await page.goto(path);
  await field(page, 'البريد الإلكتروني').fill(account.email);
  await field(page, 'كلمة المرور').fill(account.password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
}

const accountMenu = (page: Page, name: string) => page.getByRole('button', { name: `قائمة الحساب: ${name}` });

async function openAccountMenu(page: Page, name: string) {
  const trigger = accountMenu(page, name);
  await hydrated(trigger);
  await trigger.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'matjar_session');
}

/** The newest reset code mailed to `email`, from the shop's outbox folder (no SMTP in tests). */
const latestResetCode = (email: string) => latestMailTo(email)?.text.match(/\b(\d{6})\b/)?.[1];

/**
 * Holds the scripts a page asks for from now on until `release`: the forms' checks (and zod) are
 * such scripts, loaded when a form is first used (docs/architecture.md, "Choices").
 */
async function holdScripts(page: Page) {
  const requested: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    requested.push(route.request().url());
    await released;
    await route.continue();
  });
  return { requested, release };
}

const toArabicIndic = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

test.describe('sign-up', () => {
  test('an empty form is not sent and every field says what it needs', async ({ page }) => {
    await page.goto('/register');
    await expect(page).toHaveTitle('إنشاء حساب جديد | متجر');
    await expect(page.getByRole('heading', { level: 1, name: 'إنشاء حساب جديد' })).toBeVisible();
    await hydrated(page.locator('form[method="post"]'));
    const posts = recordPosts(page);

    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(field(page, 'الاسم')).toHaveAccessibleDescription(t.required.name);
    await expect(field(page, 'الاسم')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'الاسم')).toBeFocused();
    await expect(field(page, 'البريد الإلكتروني')).toHaveAccessibleDescription(t.required.email);
    await expect(field(page, 'رقم الجوال')).toHaveAccessibleDescription(new RegExp(`^${t.required.phone}`));
    await expect(field(page, 'كلمة المرور')).toHaveAccessibleDescription(new RegExp(`^${t.required.password}`));
    await expect(field(page, 'تأكيد كلمة المرور')).toHaveAccessibleDescription(t.required.passwordConfirm);

    // A message goes away as soon as its field is edited.
    await field(page, 'الاسم').fill('سارة');
    await expect(page.getByText(t.required.name)).toHaveCount(0);

    await field(page, 'البريد الإلكتروني').fill(uniqueEmail('mismatch'));
    await field(page, 'رقم الجوال').fill('0551234567');
    await field(page, 'كلمة المرور').fill(PASSWORD);
    await field(page, 'تأكيد كلمة المرور').fill(`${PASSWORD}x`);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(field(page, 'تأكيد كلمة المرور')).toHaveAccessibleDescription(t.mismatch);
    await expect(field(page, 'تأكيد كلمة المرور')).toBeFocused();

    expect(posts).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test('the server’s messages land on their fields and the form keeps what was typed', async ({ page, request }) => {
    const taken = await createAccount(request);
    await page.goto('/register');
    await field(page, 'الاسم').fill('خالد');
    await field(page, 'البريد الإلكتروني').fill(taken.email);
    await field(page, 'رقم الجوال').fill('0551234567');
    await field(page, 'كلمة المرور').fill(PASSWORD);
    await field(page, 'تأكيد كلمة المرور').fill(PASSWORD);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(field(page, 'البريد الإلكتروني')).toHaveAccessibleDescription(t.emailInUse);
    await expect(field(page, 'الاسم')).toHaveValue('خالد');
    await expect(field(page, 'البريد الإلكتروني')).toHaveValue(taken.email);

    // A number from another country and a short password, both refused by the API.
    await field(page, 'البريد الإلكتروني').fill(uniqueEmail('phone'));
    await field(page, 'رقم الجوال').fill('01012345678');
    await field(page, 'كلمة المرور').fill('short');
    await field(page, 'تأكيد كلمة المرور').fill('short');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(field(page, 'رقم الجوال')).toHaveAccessibleDescription(new RegExp(`^${t.phoneInvalid}`));
    await expect(field(page, 'كلمة المرور')).toHaveAccessibleDescription(new RegExp(`^${t.passwordTooShort}`));
    await expect(field(page, 'رقم الجوال')).toHaveValue('01012345678');

    // Long enough, but one of the passwords everybody tries first.
    await field(page, 'رقم الجوال').fill('0551234567');
    await field(page, 'كلمة المرور').fill('Password123');
    await field(page, 'تأكيد كلمة المرور').fill('Password123');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(field(page, 'كلمة المرور')).toHaveAccessibleDescription(new RegExp(`^${t.passwordTooCommon}`));

    await field(page, 'البريد الإلكتروني').fill('not-an-email');
    await field(page, 'رقم الجوال').fill('0551234567');
    await field(page, 'كلمة المرور').fill(PASSWORD);
    await field(page, 'تأكيد كلمة المرور').fill(PASSWORD);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(field(page, 'البريد الإلكتروني')).toHaveAccessibleDescription(t.emailInvalid);
    await expectNoAxeViolations(page);
  });

  test('success signs the new customer in and goes back where they were (docs/decisions/0020)', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('new');
    await page.goto('/register?redirectTo=/products');
    await field(page, 'الاسم').fill('ليلى حسن');
    await field(page, 'البريد الإلكتروني').fill(email);
    // Typed on an Arabic keyboard.
    await field(page, 'رقم الجوال').fill('٠٥٥١٢٣٤٥٦٧');
    await field(page, 'كلمة المرور').fill(PASSWORD);
    await field(page, 'تأكيد كلمة المرور').fill(PASSWORD);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();

    await expect(page).toHaveURL(/\/products$/);
    await expect(toast(page, t.registered)).toBeVisible();
    // Signed in: the session cookie is set and the account menu shows the new name.
    expect(await sessionCookie(page.context())).toBeDefined();
    await expect(page.getByRole('button', { name: 'قائمة الحساب: ليلى حسن' })).toBeVisible();

    // The account exists with the Saudi number in E.164.
    const login = await request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } });
    expect((await login.json()).data.phone).toBe('+966551234567');
  });

  test('a crafted redirectTo to another site goes home instead', async ({ page }) => {
    await page.goto('/register?redirectTo=//evil.example/x');
    await field(page, 'الاسم').fill('سامي');
    await field(page, 'البريد الإلكتروني').fill(uniqueEmail('redirect'));
    await field(page, 'رقم الجوال').fill('0551234567');
    await field(page, 'كلمة المرور').fill(PASSWORD);
    await field(page, 'تأكيد كلمة المرور').fill(PASSWORD);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
    expect(await sessionCookie(page.context())).toBeDefined();
  });

  test('works without JavaScript: server-side messages, then signed in and home', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'ar' });
    const page = await context.newPage();
    await page.goto('/register');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(field(page, 'الاسم')).toHaveAccessibleDescription(t.required.name);
    await expect(field(page, 'تأكيد كلمة المرور')).toHaveAccessibleDescription(t.required.passwordConfirm);

    await field(page, 'الاسم').fill('عمر');
    await field(page, 'البريد الإلكتروني').fill(uniqueEmail('nojs'));
    await field(page, 'رقم الجوال').fill('0561234567');
    await field(page, 'كلمة المرور').fill(PASSWORD);
    await field(page, 'تأكيد كلمة المرور').fill('different-1');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(field(page, 'تأكيد كلمة المرور')).toHaveAccessibleDescription(t.mismatch);
    await expect(field(page, 'الاسم')).toHaveValue('عمر');

    await field(page, 'كلمة المرور').fill(PASSWORD);
    await field(page, 'تأكيد كلمة المرور').fill(PASSWORD);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionCookie(context)).toBeDefined();
    await context.close();
  });
});

test.describe('sign-in and the session', () => {
  test('a wrong password says so in Arabic and keeps the e-mail', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/login');
    await expect(page).toHaveTitle('تسجيل الدخول | متجر');
    await expect(page.getByRole('link', { name: 'أنشئ حساباً جديداً' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'نسيت كلمة المرور؟' })).toHaveAttribute('href', '/user/forgetPassword');

    await signIn(page, { email: account.email, password: 'wrong-password' });
    await expect(page.getByRole('alert').filter({ hasText: t.loginIncorrect })).toBeVisible();
    await expect(field(page, 'البريد الإلكتروني')).toHaveValue(account.email);

    // An unknown e-mail reads the same: the page does not tell who has an account.
    await signIn(page, { email: uniqueEmail('nobody'), password: PASSWORD });
    await expect(page.getByRole('alert').filter({ hasText: t.loginIncorrect })).toBeVisible();
    expect(await sessionCookie(page.context())).toBeUndefined();
    await expectNoAxeViolations(page);
  });

  test('after five wrong passwords the address waits, even with the right one', async ({ page, request }) => {
    const account = await createAccount(request);
    for (let i = 0; i < 5; i++) {
      const wrong = await request.post('/api/v1/auth/login', {
        data: { email: account.email, password: `Wrong-${i}-pass` },
      });
      expect(wrong.status()).toBe(400);
    }
    await page.goto('/login');
    await signIn(page, account);
    await expect(page.getByRole('alert').filter({ hasText: t.loginLocked })).toBeVisible();
    await expect(field(page, 'البريد الإلكتروني')).toHaveValue(account.email);
    expect(await sessionCookie(page.context())).toBeUndefined();
  });

  test('empty fields are named before anything is sent', async ({ page }) => {
    await page.goto('/login');
    await hydrated(page.locator('form[method="post"]'));
    const posts = recordPosts(page);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(field(page, 'البريد الإلكتروني')).toHaveAccessibleDescription(t.required.email);
    await expect(field(page, 'كلمة المرور')).toHaveAccessibleDescription(t.required.password);
    expect(posts).toEqual([]);
  });

  test('a submit before the form’s checks have loaded waits for them: an invalid form is not sent, a valid one is', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    const posts = recordPosts(page);
    const submit = page.getByRole('button', { name: 'تسجيل الدخول' });

    await page.goto('/login');
    await hydrated(page.locator('form[method="post"]'));
    let scripts = await holdScripts(page);
    await submit.click();
    // The click asked for the checks; until they come, nothing is sent and nothing is said.
    await expect.poll(() => scripts.requested.length).toBeGreaterThan(0);
    await expect(field(page, 'البريد الإلكتروني')).not.toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);
    scripts.release();
    await expect(field(page, 'البريد الإلكتروني')).toHaveAccessibleDescription(t.required.email);
    await expect(field(page, 'البريد الإلكتروني')).toBeFocused();
    await expect(field(page, 'كلمة المرور')).toHaveAccessibleDescription(t.required.password);
    expect(posts).toEqual([]);

    await page.unrouteAll();
    await page.goto('/login');
    await hydrated(page.locator('form[method="post"]'));
    scripts = await holdScripts(page);
    await field(page, 'البريد الإلكتروني').fill(account.email);
    await field(page, 'كلمة المرور').fill(account.password);
    await submit.click();
    await expect.poll(() => scripts.requested.length).toBeGreaterThan(0);
    expect(posts).toEqual([]);
    scripts.release();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, t.loggedIn)).toBeVisible();
    expect(posts).toHaveLength(1);
  });

  test('success goes home signed in, in an httpOnly SameSite=Lax cookie', async ({ page, context, request }) => {
    const account = await createAccount(request, 'نورة العلي');
    await signIn(page, account);
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, t.loggedIn)).toBeVisible();
    await expect(accountMenu(page, account.name)).toContainText(account.name);
    await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toHaveCount(0);

    const cookie = await sessionCookie(context);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(await page.evaluate(() => document.cookie)).not.toContain('matjar_session');

    // Signed in, the guest pages send the visitor home.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a customer’s menu lists their pages and works by keyboard', async ({ page, request }) => {
    const account = await createAccount(request, 'سلمى');
    await signIn(page, account);
    await expect(page).toHaveURL(/\/$/);

    const menu = await openAccountMenu(page, account.name);
    const entries = [
      ['الملف الشخصي', '/user/user-profile'],
      ['طلباتي', '/user/allOrders'],
      ['المفضلة', '/user/favorite'],
      ['العناوين', '/user/address'],
    ] as const;
    for (const [name, href] of entries) {
      await expect(menu.getByRole('menuitem', { name })).toHaveAttribute('href', href);
    }
    await expect(menu.getByRole('menuitem')).toHaveCount(5);
    await expect(menu.getByRole('menuitem', { name: 'تسجيل الخروج' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'لوحة التحكم' })).toHaveCount(0);
    await expect(menu).toContainText(account.email);
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(accountMenu(page, account.name)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'طلباتي' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/user\/allOrders$/);
  });

  test('the admin lands on the dashboard, and the menu leads to the control panel', async ({ page }) => {
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    const menu = await openAccountMenu(page, ADMIN.name);
    await expect(menu.getByRole('menuitem', { name: 'لوحة التحكم' })).toHaveAttribute('href', '/admin');
    await expect(menu.getByRole('menuitem')).toHaveCount(2);
    await expect(menu.getByRole('menuitem', { name: 'طلباتي' })).toHaveCount(0);
  });

  test('signing out from the menu clears the cookie and opens sign-in', async ({ page, context, request }) => {
    const account = await createAccount(request, 'هدى');
    await signIn(page, account);
    await expect(page).toHaveURL(/\/$/);
    const token = (await sessionCookie(context))?.value ?? '';
    expect(token).not.toBe('');
    const menu = await openAccountMenu(page, account.name);
    await menu.getByRole('menuitem', { name: 'تسجيل الخروج' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, t.loggedOut)).toBeVisible();
    await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
    // The server ended the session too: a copy of the old cookie is worth nothing.
    const me = await request.get('/api/v1/users/getMe', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);

    // A plain visit to /logout does nothing but go home.
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/$/);
  });

  test('redirectTo brings the visitor back, but never to another site', async ({ page, context, request }) => {
    const account = await createAccount(request);
    const [product] = await listedProducts(request, 1);
    await signIn(page, account, `/login?redirectTo=${encodeURIComponent(`/products/${product.id}`)}`);
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));

    for (const target of ['https://evil.example/', '//evil.example/', '/\\evil.example', '/.//evil.example/phish']) {
      await context.clearCookies();
      await signIn(page, account, `/login?redirectTo=${encodeURIComponent(target)}`);
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    }
  });
});

test.describe('password recovery', () => {
  test('e-mail, code, new password, then home signed in', async ({ page, context, request }) => {
    const account = await createAccount(request, 'ريم');
    await page.goto('/login');
    await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
    await expect(page).toHaveURL(/\/user\/forgetPassword$/);
    await expect(page).toHaveTitle('نسيت كلمة المرور | متجر');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'إرسال الرمز' }).click();
    await expect(field(page, 'البريد الإلكتروني')).toHaveAccessibleDescription(t.required.email);
    await field(page, 'البريد الإلكتروني').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'إرسال الرمز' }).click();
    await expect(field(page, 'البريد الإلكتروني')).toHaveAccessibleDescription(t.emailUnknown);

    await field(page, 'البريد الإلكتروني').fill(account.email);
    await page.getByRole('button', { name: 'إرسال الرمز' }).click();
    await expect(page).toHaveURL(/\/user\/verify-code$/);
    await expect(toast(page, t.codeSent)).toBeVisible();
    await expect(page).toHaveTitle('تأكيد رمز التحقق | متجر');
    await expect(page.getByText(account.email)).toBeVisible();
    const resetCookie = (await context.cookies()).find((c) => c.name === 'matjar_reset_email');
    expect(resetCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'تأكيد الرمز' }).click();
    await expect(field(page, 'رمز التحقق')).toHaveAccessibleDescription(t.codeRequired);
    await expect.poll(() => latestResetCode(account.email)).toMatch(/^\d{6}$/);
    const code = latestResetCode(account.email) ?? '';
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await field(page, 'رمز التحقق').fill(wrong);
    await page.getByRole('button', { name: 'تأكيد الرمز' }).click();
    await expect(field(page, 'رمز التحقق')).toHaveAccessibleDescription(t.codeIncorrect);

    // Typed with Arabic-Indic digits.
    await field(page, 'رمز التحقق').fill(toArabicIndic(code));
    await page.getByRole('button', { name: 'تأكيد الرمز' }).click();
    await expect(page).toHaveURL(/\/user\/reset-password$/);
    await expect(toast(page, t.codeConfirmed)).toBeVisible();
    await expect(page).toHaveTitle('تعيين كلمة مرور جديدة | متجر');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    await expect(field(page, 'كلمة المرور الجديدة')).toHaveAccessibleDescription(new RegExp(`^${t.required.password}`));
    await field(page, 'كلمة المرور الجديدة').fill('New-secret-22');
    await field(page, 'تأكيد كلمة المرور الجديدة').fill('New-secret-23');
    await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    await expect(field(page, 'تأكيد كلمة المرور الجديدة')).toHaveAccessibleDescription(t.mismatch);

    await field(page, 'تأكيد كلمة المرور الجديدة').fill('New-secret-22');
    await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, t.passwordChanged)).toBeVisible();
    await expect(accountMenu(page, account.name)).toBeVisible();
    expect(await sessionCookie(context)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect((await context.cookies()).find((c) => c.name === 'matjar_reset_email')).toBeUndefined();

    // The old password no longer works; the new one does.
    const old = await request.post('/api/v1/auth/login', { data: { email: account.email, password: PASSWORD } });
    expect(old.status()).toBe(400);
    const fresh = await request.post('/api/v1/auth/login', {
      data: { email: account.email, password: 'New-secret-22' },
    });
    expect(fresh.status()).toBe(200);
  });

  test('a new password without a confirmed code is refused', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/user/forgetPassword');
    await field(page, 'البريد الإلكتروني').fill(account.email);
    await page.getByRole('button', { name: 'إرسال الرمز' }).click();
    await expect(page).toHaveURL(/\/user\/verify-code$/);

    await page.goto('/user/reset-password');
    await field(page, 'كلمة المرور الجديدة').fill('New-secret-22');
    await field(page, 'تأكيد كلمة المرور الجديدة').fill('New-secret-22');
    await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    const alert = page.getByRole('alert').filter({ hasText: t.resetCodeIncorrect });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: 'اطلب رمزاً جديداً' })).toHaveAttribute('href', '/user/forgetPassword');
    await expectNoAxeViolations(page);
  });

  test('the code and new-password steps start over without an e-mail', async ({ page }) => {
    for (const path of ['/user/verify-code', '/user/reset-password']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/user\/forgetPassword$/);
      await expect(toast(page, t.startRecovery)).toBeVisible();
    }
  });
});
