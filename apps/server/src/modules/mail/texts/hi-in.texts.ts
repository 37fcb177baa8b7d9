import type { EmailTexts } from './email-text-shape.js'

export const hiIN: EmailTexts = {
  verification: {
    subject: 'Timbre के लिए अपना ईमेल सत्यापित करें',
    welcome: 'Timbre में आपका स्वागत है।',
    instruction: 'कृपया नीचे दिया गया लिंक खोलकर पुष्टि करें कि यह आपका ईमेल पता है।',
    button: 'ईमेल सत्यापित करें',
    footer: 'अगर आपने Timbre खाता नहीं बनाया है, तो आप इस ईमेल को अनदेखा कर सकते हैं।',
  },
  passwordReset: {
    subject: 'अपना Timbre पासवर्ड रीसेट करें',
    received: 'हमें आपके Timbre खाते का पासवर्ड रीसेट करने का अनुरोध मिला है।',
    validity: 'यह लिंक एक घंटे तक मान्य है।',
    button: 'पासवर्ड रीसेट करें',
    footer: 'अगर आपने पासवर्ड रीसेट करने के लिए नहीं कहा था, तो आप इस ईमेल को अनदेखा कर सकते हैं।',
  },
  invite: {
    subject: (workspace) => `Timbre पर ${workspace} से जुड़ें`,
    invited: (inviter, workspace) => `${inviter} ने आपको वर्कस्पेस ${workspace} में आमंत्रित किया है।`,
    instruction: (code) =>
      `आमंत्रण स्वीकार करने के लिए इस पते से साइन इन करें या खाता बनाएं। आपका आमंत्रण कोड ${code} है।`,
    validity: (days) => `यह आमंत्रण ${days} दिनों तक मान्य है।`,
    button: 'आमंत्रण स्वीकार करें',
    footer: 'अगर आप जुड़ना नहीं चाहते, तो साइन इन करने के बाद आमंत्रण अस्वीकार कर सकते हैं या इस ईमेल को अनदेखा कर सकते हैं।',
  },
}
