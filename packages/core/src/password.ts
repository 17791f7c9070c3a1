/** The password rule every password field applies, on the server and in the forms: 8-32 characters, letters and digits. */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{8,32}$/;
export const PASSWORD_RULE_MSG = '密码需为 8-32 位，且同时包含字母和数字';
