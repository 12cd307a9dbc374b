// Issue 17, privacy in settings: 个人信息导出 hands the server's document to the platform's save (a .json file named by
// the export's date) and says where it went; 注销账户 lists what keeps the account open and offers no way on, or asks for
// the code and a last confirmation before closing, then says the account is closed.
import { fireEvent, render, screen } from '@testing-library/react';
import { CloseAccountFlow, DataExportFlow, exportFileName } from '@/features/account/settings-privacy';
import type { PersonalDataExport } from '@/features/account/privacy-api';
import { setLocale } from '@/locales/i18n';
import { ApiError } from '@/platform/http';
import { buttonWithText, flush, inputNamed, isDisabled, typeInto } from './login-helpers';

jest.setTimeout(30_000);

beforeEach(() => setLocale('zh-CN'));

const document_: PersonalDataExport = {
  format: 'danjuan-open.personal-data',
  version: 1,
  // 2025-03-04 23:30 in Shanghai.
  exported_at: '2025-03-04T15:30:00.000Z',
  profile: { telephone: '13800001234' },
  orders: [{ order_id: '100000001' }, { order_id: '100000002' }],
  cash: { movements: [{ order_id: '100000003' }] },
  auto_invest_plans: [{ plan_id: '500000001' }],
  service_messages: [],
};

it('names the file by the export’s Shanghai date', () => {
  expect(exportFileName('2025-03-04T15:30:00.000Z')).toBe('personal-data-20250304.json');
  expect(exportFileName('2025-03-04T16:30:00.000Z')).toBe('personal-data-20250305.json');
});

describe('个人信息导出', () => {
  it('saves the server’s document as JSON and says so, with what it holds', async () => {
    const save = jest.fn().mockResolvedValue({ via: 'download' });
    render(<DataExportFlow onBack={jest.fn()} load={() => Promise.resolve(document_)} save={save} copy={jest.fn()} />);
    fireEvent.click(buttonWithText('导出我的信息'));
    await flush();
    await flush();
    expect(save).toHaveBeenCalledTimes(1);
    const [file, text] = save.mock.calls[0] as [string, string];
    expect(file).toBe('personal-data-20250304.json');
    expect(JSON.parse(text)).toEqual(document_);
    expect(screen.getByText('已下载 personal-data-20250304.json')).toBeInTheDocument();
    expect(screen.getByText('共 3 笔交易、1 个定投计划、0 条客服留言')).toBeInTheDocument();
  });

  it('shows the server’s reason when the export fails', async () => {
    const load = () =>
      Promise.reject(new ApiError({ result_code: 429001, data: null, error_description: '请求过于频繁，请稍后再试' }, 429));
    const save = jest.fn();
    render(<DataExportFlow onBack={jest.fn()} load={load} save={save} copy={jest.fn()} />);
    fireEvent.click(buttonWithText('导出我的信息'));
    await flush();
    await flush();
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByText('请求过于频繁，请稍后再试')).toBeInTheDocument();
  });
});

describe('注销账户', () => {
  it('lists what keeps the account open and offers no way on', async () => {
    const check = () =>
      Promise.resolve({
        can_close: false,
        blockers: ['holdings' as const, 'auto_invest' as const],
        reasons: ['您仍持有基金，请先全部卖出', '有未终止的定投计划，请先终止'],
      });
    render(<CloseAccountFlow telephoneMasked='138****1234' onBack={jest.fn()} onClosed={jest.fn()} check={check} />);
    await flush();
    expect(screen.getByText('注销账户须同时满足')).toBeInTheDocument();
    expect(screen.getByText('暂不能注销：')).toBeInTheDocument();
    expect(screen.getByText('您仍持有基金，请先全部卖出')).toBeInTheDocument();
    expect(screen.getByText('有未终止的定投计划，请先终止')).toBeInTheDocument();
    expect(screen.queryByText('申请注销')).toBeNull();
  });

  it('closes only with the code and after the last confirmation', async () => {
    const check = () => Promise.resolve({ can_close: true, blockers: [], reasons: [] });
    const sendCode = jest.fn().mockResolvedValue({ telephone_masked: '138****1234', resend_after: 30 });
    const close = jest.fn().mockResolvedValue({ closed: true, closed_at: '2025-03-04T02:00:00.000Z' });
    const onClosed = jest.fn();
    render(
      <CloseAccountFlow
        telephoneMasked='138****1234'
        onBack={jest.fn()}
        onClosed={onClosed}
        check={check}
        sendCode={sendCode}
        close={close}
      />,
    );
    await flush();
    fireEvent.click(buttonWithText('申请注销'));
    expect(screen.getByText('为确认是您本人操作，验证码将发送至 138****1234')).toBeInTheDocument();
    const confirm = buttonWithText('确认注销');
    expect(isDisabled(confirm)).toBe(true);
    fireEvent.click(buttonWithText('获取验证码'));
    await flush();
    expect(sendCode).toHaveBeenCalledTimes(1);
    typeInto(inputNamed('code'), '4321');
    expect(isDisabled(confirm)).toBe(false);
    fireEvent.click(confirm);
    await flush();
    expect(screen.getByText('注销后账户不可恢复，所有登录状态将失效。')).toBeInTheDocument();
    expect(close).not.toHaveBeenCalled();
    fireEvent.click(buttonWithText('确认注销', document.querySelector('.settings-close-dialog') ?? document));
    await flush();
    await flush();
    expect(close).toHaveBeenCalledWith('4321');
    expect(screen.getByText('账户已注销')).toBeInTheDocument();
    expect(onClosed).not.toHaveBeenCalled();
    fireEvent.click(buttonWithText('完成'));
    expect(onClosed).toHaveBeenCalledTimes(1);
  });
});
