// The phone layout, and the numeric rule (docs/architecture.md, Numeric fields) on the activation code field.
import { activatedAccount, newAccount } from '../../testing/browser/api';
import { expectView, field, ROUTES, type ViewName } from '../../testing/browser/app';
import { DESKTOP, PHONE } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();

declare global {
  interface Window {
    __lastKeyBlocked?: boolean;
  }
}

describe('on a phone', () => {
  test.each(['login', 'signup', 'activation', 'home'] as ViewName[])(
    'the %s view fits the width and the app knows it is a phone',
    async (name) => {
      const token =
        name === 'home'
          ? (await activatedAccount(suite.server.url, newAccount('phone'))).token
          : undefined;
      const { page } = await suite.open({ token }, PHONE);

      await page.goto(suite.server.url + ROUTES[name]);
      await expectView(page, name);

      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(innerWidth).toBe(390);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      expect(await page.evaluate(() => window.isMobileDevice())).toBe(true);
    },
  );

  test('a desktop browser is not taken for a phone', async () => {
    const { page } = await suite.open({}, DESKTOP);
    await page.goto(suite.server.url + ROUTES.login);
    await expectView(page, 'login');

    expect(await page.evaluate(() => window.isMobileDevice())).toBe(false);
  });
});

describe('the activation code field', () => {
  async function openCodeField() {
    const { page } = await suite.open();
    await page.goto(suite.server.url + ROUTES.activation);
    await expectView(page, 'activation');
    // Listening after the app's handlers have run tells whether the app blocked the key.
    await page.evaluate(() =>
      document.addEventListener('keydown', (event) => {
        window.__lastKeyBlocked = event.defaultPrevented;
      }),
    );
    const code = field(page, 'code');
    await code.focus();
    const press = async (key: string) => {
      await page.keyboard.press(key);
      return page.evaluate(() => window.__lastKeyBlocked);
    };
    const caret = () => code.evaluate((input: HTMLInputElement) => input.selectionStart);
    return { page, code, press, caret };
  }

  test('takes digits and the decimal point and blocks every other character', async () => {
    const { code, press } = await openCodeField();

    for (const key of ['1', '2', '.', '3', '0', '9']) {
      expect([key, await press(key)]).toEqual([key, false]);
    }
    for (const key of ['a', 'Z', 'e', '-', '+', ',', ' ', '/', '!', '*', 'ArrowUp', 'ArrowDown']) {
      expect([key, await press(key)]).toEqual([key, true]);
    }
    expect(await press('Control+b')).toBe(true);
    expect(await code.inputValue()).toBe('12.309');
  });

  test('lets the editing and navigation keys work', async () => {
    const { page, code, press, caret } = await openCodeField();
    await page.keyboard.type('12345');

    expect(await press('Home')).toBe(false);
    expect(await caret()).toBe(0);
    expect(await press('End')).toBe(false);
    expect(await caret()).toBe(5);
    expect(await press('ArrowLeft')).toBe(false);
    expect(await caret()).toBe(4);
    expect(await press('Backspace')).toBe(false);
    expect(await code.inputValue()).toBe('1235');
    expect(await press('ArrowRight')).toBe(false);
    expect(await caret()).toBe(4);
    expect(await press('Home')).toBe(false);
    expect(await press('Delete')).toBe(false);
    expect(await code.inputValue()).toBe('235');

    expect(await press('Tab')).toBe(false);
    expect(await code.evaluate((input) => input === document.activeElement)).toBe(false);
  });

  test('lets the select-all, copy, cut and paste shortcuts work, with Ctrl or Meta', async () => {
    const { page, code, press } = await openCodeField();
    // Five digits: a sixth would move the focus on to the next empty field.
    await page.keyboard.type('65432');

    for (const modifier of ['Control', 'Meta']) {
      for (const letter of ['a', 'c', 'x', 'v']) {
        expect([`${modifier}+${letter}`, await press(`${modifier}+${letter}`)]).toEqual([
          `${modifier}+${letter}`,
          false,
        ]);
      }
    }
    await press('Control+a');
    const selection = await code.evaluate((input: HTMLInputElement) => [
      input.selectionStart,
      input.selectionEnd,
    ]);
    expect(selection).toEqual([0, 5]);
  });
});
