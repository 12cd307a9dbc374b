import type { MessageNamespace } from '../types';

/** Namespace "common": generic texts of src/lib (validation reasons, number units, banks, apps) and the bridge. */
const common = {
  'zh-CN': {
    'common.unit.tenThousand': '万',
    'common.unit.hundredMillion': '亿',

    'common.validation.phone': '请输入正确的手机号',
    'common.validation.mobile': '请输入正确的中国大陆手机号',
    'common.validation.codeRequired': '请输入验证码',
    'common.validation.codeLength': '请输入4位验证码',
    'common.validation.tradePasswordLength': '交易密码须为6位数字',
    'common.validation.tradePasswordSameDigits': '交易密码不能是6个相同的数字',
    'common.validation.tradePasswordSequential': '交易密码不能是连续递增或递减的数字',
    'common.validation.tradePasswordBirthday': '交易密码不能包含您的生日',
    'common.validation.idCardRequired': '请输入身份证号',
    'common.validation.idCardFormat': '请输入18位身份证号',
    'common.validation.idCardRegion': '身份证号的地区码无效，请核对',
    'common.validation.idCardBirthDate': '身份证号中的出生日期无效，请核对',
    'common.validation.idCardChecksum': '身份证号有误，请核对',
    'common.validation.idCardUnderAge': '未满18周岁，暂不能开户',
    'common.validation.realName': '请输入正确的姓名',
    'common.validation.bankCardFormat': '请输入16至19位银行卡号',
    'common.validation.bankCardChecksum': '银行卡号有误，请核对',
    'common.validation.amountRequired': '请输入金额',
    'common.validation.amountInvalid': '请输入正确的金额',
    'common.validation.amountNegative': '金额不能为负数',
    'common.validation.amountTooManyDecimals': '金额最多保留两位小数',
    'common.validation.amountTooLarge': '金额过大',

    'common.bank.ICBC': '中国工商银行',
    'common.bank.CCB': '中国建设银行',
    'common.bank.ABC': '中国农业银行',
    'common.bank.BOC': '中国银行',
    'common.bank.BOCOM': '交通银行',
    'common.bank.CMB': '招商银行',
    'common.bank.PSBC': '中国邮政储蓄银行',
    'common.bank.CIB': '兴业银行',
    'common.bank.CITIC': '中信银行',

    'common.app.social': '社区投资App',
    'common.app.securities': '证券App',
    'common.app.fund': '基金App',
    'common.app.trading': '交易App',

    'common.bridge.notInApp': '请在App内使用此功能',
    'common.bridge.timeout': 'App未响应，请稍后重试',
    'common.bridge.nativeError': 'App处理失败：{reason}',
    'common.bridge.unsupported': '当前App版本不支持此功能，请升级App',
  },
  'en-US': {
    'common.unit.tenThousand': ' ×10K',
    'common.unit.hundredMillion': ' ×100M',

    'common.validation.phone': 'Please enter the correct phone number',
    'common.validation.mobile': 'Please enter a correct mainland China mobile number',
    'common.validation.codeRequired': 'Please enter the verification code',
    'common.validation.codeLength': 'Please enter the 4-digit verification code',
    'common.validation.tradePasswordLength': 'The trade password must be 6 digits',
    'common.validation.tradePasswordSameDigits': 'The trade password cannot be one digit repeated 6 times',
    'common.validation.tradePasswordSequential': 'The trade password cannot be ascending or descending consecutive digits',
    'common.validation.tradePasswordBirthday': 'The trade password cannot contain your birthday',
    'common.validation.idCardRequired': 'Please enter your ID card number',
    'common.validation.idCardFormat': 'Please enter the 18-character ID card number',
    'common.validation.idCardRegion': 'The region code of the ID card number is invalid, please check it',
    'common.validation.idCardBirthDate': 'The birth date in the ID card number is invalid, please check it',
    'common.validation.idCardChecksum': 'The ID card number is incorrect, please check it',
    'common.validation.idCardUnderAge': 'You must be 18 or older to open an account',
    'common.validation.realName': 'Please enter your correct name',
    'common.validation.bankCardFormat': 'Please enter a bank card number of 16 to 19 digits',
    'common.validation.bankCardChecksum': 'The bank card number is incorrect, please check it',
    'common.validation.amountRequired': 'Please enter an amount',
    'common.validation.amountInvalid': 'Please enter a correct amount',
    'common.validation.amountNegative': 'The amount cannot be negative',
    'common.validation.amountTooManyDecimals': 'The amount can have at most two decimals',
    'common.validation.amountTooLarge': 'The amount is too large',

    'common.bank.ICBC': 'Industrial and Commercial Bank of China',
    'common.bank.CCB': 'China Construction Bank',
    'common.bank.ABC': 'Agricultural Bank of China',
    'common.bank.BOC': 'Bank of China',
    'common.bank.BOCOM': 'Bank of Communications',
    'common.bank.CMB': 'China Merchants Bank',
    'common.bank.PSBC': 'Postal Savings Bank of China',
    'common.bank.CIB': 'Industrial Bank',
    'common.bank.CITIC': 'China CITIC Bank',

    'common.app.social': 'Social investing app',
    'common.app.securities': 'Securities app',
    'common.app.fund': 'Fund app',
    'common.app.trading': 'Trading app',

    'common.bridge.notInApp': 'This feature is only available in the app',
    'common.bridge.timeout': 'The app did not respond, please retry later',
    'common.bridge.nativeError': 'The app could not do it: {reason}',
    'common.bridge.unsupported': 'This app version does not support this feature, please update the app',
  },
} satisfies MessageNamespace;

export default common;

/** A key of this namespace: validators return these as their reason. */
export type CommonMessageKey = keyof (typeof common)['zh-CN'];
