/** The pages of 公司档案. */
export const COMPANY_LIST_URL = "/system/archives/company";
export const companyUrl = (id: number | string) => `${COMPANY_LIST_URL}/${id}`;
