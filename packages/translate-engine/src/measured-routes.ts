// Written by bench/translate-routes.ts (BENCH_ROUTES_WRITE=1); not edited by hand.
import type { MeasuredRoutes } from './routes.js';

/** What the scores were measured with. */
export const MEASURED_WITH = {
  "date": "2026-11-25",
  "apertium": "3.8.3-1+b2",
  "sentences": "data/everyday-sentences.json",
  "metric": "chrF2 (character 1-6-grams, beta 2), corpus level"
} as const;

/** chrF of each candidate route ('direct' or the intermediate language) on data/everyday-sentences.json. */
export const MEASURED_ROUTES: MeasuredRoutes = {
  "af>nl": {
    "direct": 67.48
  },
  "be>ru": {
    "direct": 60.35
  },
  "bg>bs": {
    "mk": 39.65
  },
  "bg>en": {
    "mk": 40.16
  },
  "bg>hr": {
    "mk": 40.24
  },
  "bg>mk": {
    "direct": 69.63
  },
  "bg>sr": {
    "mk": 37.38
  },
  "br>ca": {
    "fr": 62.53
  },
  "br>eo": {
    "fr": 48.12
  },
  "br>es": {
    "fr": 49.96
  },
  "br>fr": {
    "direct": 65.22
  },
  "br>oc": {
    "fr": 60.4
  },
  "bs>ca": {
    "en": 34.98
  },
  "bs>en": {
    "direct": 36.76
  },
  "bs>eo": {
    "en": 41.04
  },
  "bs>es": {
    "en": 36.39
  },
  "bs>gl": {
    "en": 34.27
  },
  "bs>sl": {
    "direct": 55.25
  },
  "ca>bs": {
    "en": 27.73
  },
  "ca>en": {
    "direct": 61.69,
    "eo": 46.21,
    "es": 64.23
  },
  "ca>eo": {
    "direct": 53.23,
    "en": 48.12,
    "es": 52.45,
    "fr": 53.83
  },
  "ca>es": {
    "direct": 88.65,
    "en": 61.86,
    "fr": 68.98,
    "it": 72.48,
    "oc": 65.04,
    "pt": 83.98
  },
  "ca>fr": {
    "direct": 73.76,
    "es": 60.62,
    "oc": 72.32
  },
  "ca>gl": {
    "en": 57.96,
    "es": 81.86,
    "pt": 80.16
  },
  "ca>hr": {
    "en": 27.54
  },
  "ca>it": {
    "direct": 68.19,
    "es": 76.33
  },
  "ca>oc": {
    "direct": 64.66,
    "es": 63.81,
    "fr": 67.77
  },
  "ca>pt": {
    "direct": 71.73,
    "es": 65.36
  },
  "ca>ro": {
    "es": 48.33
  },
  "ca>sr": {
    "en": 25.38
  },
  "da>is": {
    "sv": 27.74
  },
  "da>nb": {
    "direct": 73.02,
    "nn": 75.72,
    "sv": 69.47
  },
  "da>nn": {
    "direct": 74.45,
    "nb": 72.54,
    "sv": 69.61
  },
  "da>sv": {
    "direct": 60.61,
    "nb": 68.43,
    "nn": 66.18
  },
  "en>bs": {
    "direct": 28.52
  },
  "en>ca": {
    "direct": 57.98,
    "es": 55.81
  },
  "en>eo": {
    "ca": 53.08,
    "direct": 59.3,
    "es": 54.41
  },
  "en>es": {
    "ca": 68.26,
    "direct": 58.79,
    "gl": 58.43
  },
  "en>fr": {
    "ca": 62.97,
    "es": 54.39
  },
  "en>gl": {
    "direct": 56.82,
    "es": 57.04
  },
  "en>hr": {
    "direct": 28.32
  },
  "en>it": {
    "ca": 60.04,
    "es": 51.15
  },
  "en>oc": {
    "ca": 49.57,
    "es": 42.47
  },
  "en>pt": {
    "ca": 62.04,
    "es": 53.14,
    "gl": 52.42
  },
  "en>ro": {
    "es": 36.3
  },
  "en>sl": {
    "bs": 29.41,
    "hr": 29.41,
    "sr": 29.41
  },
  "en>sr": {
    "direct": 26.13
  },
  "eo>bs": {
    "en": 27.67
  },
  "eo>ca": {
    "en": 47.93
  },
  "eo>en": {
    "direct": 56.4
  },
  "eo>es": {
    "en": 46.17
  },
  "eo>gl": {
    "en": 41.24
  },
  "eo>hr": {
    "en": 27.95
  },
  "eo>sr": {
    "en": 25.07
  },
  "es>bs": {
    "en": 28.28
  },
  "es>ca": {
    "direct": 92.8,
    "en": 58.29,
    "fr": 75.26,
    "it": 71.51,
    "oc": 70.72,
    "pt": 87.01
  },
  "es>en": {
    "ca": 64.36,
    "direct": 69.4,
    "eo": 52.73,
    "gl": 64.07
  },
  "es>eo": {
    "ca": 55.33,
    "direct": 58.58,
    "en": 55.64,
    "fr": 52.88
  },
  "es>fr": {
    "ca": 73.12,
    "direct": 65.32,
    "oc": 69.94
  },
  "es>gl": {
    "direct": 94.15,
    "en": 63,
    "pt": 89.32
  },
  "es>hr": {
    "en": 28.26
  },
  "es>it": {
    "ca": 68.71,
    "direct": 77.86
  },
  "es>oc": {
    "ca": 62.16,
    "direct": 62.7,
    "fr": 60.99
  },
  "es>pt": {
    "ca": 76.9,
    "direct": 70.63,
    "gl": 70.57
  },
  "es>ro": {
    "direct": 49.98
  },
  "es>sr": {
    "en": 25.98
  },
  "eu>bs": {
    "en": 24.26
  },
  "eu>ca": {
    "en": 52.43,
    "es": 65.07
  },
  "eu>en": {
    "direct": 53.39,
    "es": 56.86
  },
  "eu>eo": {
    "en": 47.1,
    "es": 45.89
  },
  "eu>es": {
    "direct": 64.87,
    "en": 54.7
  },
  "eu>fr": {
    "es": 50.01
  },
  "eu>gl": {
    "en": 53.98,
    "es": 61
  },
  "eu>hr": {
    "en": 23.84
  },
  "eu>it": {
    "es": 58.55
  },
  "eu>oc": {
    "es": 50.16
  },
  "eu>pt": {
    "es": 52.13
  },
  "eu>ro": {
    "es": 37.64
  },
  "eu>sr": {
    "en": 22.84
  },
  "fr>ca": {
    "direct": 70.93,
    "es": 57.1,
    "oc": 52.36
  },
  "fr>en": {
    "ca": 47.27,
    "eo": 44.49,
    "es": 52.6
  },
  "fr>eo": {
    "ca": 55.08,
    "direct": 62.48,
    "es": 53.74
  },
  "fr>es": {
    "ca": 65.27,
    "direct": 53.98,
    "oc": 50.44
  },
  "fr>gl": {
    "es": 52.06
  },
  "fr>it": {
    "ca": 60.14,
    "es": 53.25
  },
  "fr>oc": {
    "ca": 58.71,
    "direct": 69.06,
    "es": 58.8
  },
  "fr>pt": {
    "ca": 58.19,
    "es": 49.46
  },
  "fr>ro": {
    "es": 52.1
  },
  "gl>bs": {
    "en": 27.83
  },
  "gl>ca": {
    "en": 54.28,
    "es": 91.51,
    "pt": 80.57
  },
  "gl>en": {
    "direct": 64.07,
    "es": 67.85
  },
  "gl>eo": {
    "en": 53.36,
    "es": 59.21
  },
  "gl>es": {
    "direct": 93.81,
    "en": 59.01,
    "pt": 89.95
  },
  "gl>fr": {
    "es": 61.93
  },
  "gl>hr": {
    "en": 27.75
  },
  "gl>it": {
    "es": 80.2
  },
  "gl>oc": {
    "es": 59.68
  },
  "gl>pt": {
    "direct": 74.43,
    "es": 70.63
  },
  "gl>ro": {
    "es": 50.02
  },
  "gl>sr": {
    "en": 24.76
  },
  "hr>ca": {
    "en": 36.17
  },
  "hr>en": {
    "direct": 38.59
  },
  "hr>eo": {
    "en": 42.72
  },
  "hr>es": {
    "en": 37.88
  },
  "hr>gl": {
    "en": 35.58
  },
  "hr>sl": {
    "direct": 56.12
  },
  "is>bs": {
    "en": 25.02
  },
  "is>ca": {
    "en": 41.68
  },
  "is>da": {
    "sv": 44.93
  },
  "is>en": {
    "direct": 54.08
  },
  "is>eo": {
    "en": 47.6
  },
  "is>es": {
    "en": 41.72
  },
  "is>gl": {
    "en": 37.5
  },
  "is>hr": {
    "en": 24.53
  },
  "is>nb": {
    "sv": 48.1
  },
  "is>nn": {
    "sv": 45.22
  },
  "is>sr": {
    "en": 22.72
  },
  "is>sv": {
    "direct": 44.89
  },
  "it>ca": {
    "direct": 73.27,
    "es": 82.16
  },
  "it>en": {
    "ca": 55.21,
    "es": 60.77
  },
  "it>eo": {
    "ca": 54.64,
    "es": 57.82
  },
  "it>es": {
    "ca": 74.51,
    "direct": 78.81
  },
  "it>fr": {
    "ca": 71.07,
    "es": 61.06
  },
  "it>gl": {
    "es": 74.9
  },
  "it>oc": {
    "ca": 57.03,
    "es": 61.65
  },
  "it>pt": {
    "ca": 63.61,
    "es": 58.33
  },
  "it>ro": {
    "es": 53.94
  },
  "mk>bg": {
    "direct": 71.83
  },
  "mk>bs": {
    "direct": 46.03,
    "en": 24.63
  },
  "mk>ca": {
    "en": 39.37
  },
  "mk>en": {
    "bs": 32.74,
    "direct": 41.64,
    "hr": 33.98,
    "sr": 32.99
  },
  "mk>eo": {
    "en": 40.37
  },
  "mk>es": {
    "en": 35.43
  },
  "mk>gl": {
    "en": 32.63
  },
  "mk>hr": {
    "direct": 45.75,
    "en": 24.03
  },
  "mk>sl": {
    "bs": 35.35,
    "hr": 38.76,
    "sr": 35.27
  },
  "mk>sr": {
    "direct": 41.2,
    "en": 23.84
  },
  "nb>da": {
    "direct": 80.62,
    "nn": 76.26,
    "sv": 72.34
  },
  "nb>is": {
    "sv": 33.15
  },
  "nb>nn": {
    "da": 76.15,
    "direct": 96.27,
    "sv": 90
  },
  "nb>sv": {
    "da": 61.7,
    "direct": 77.23,
    "nn": 69.5
  },
  "nl>af": {
    "direct": 68.16
  },
  "nn>da": {
    "direct": 73.8,
    "nb": 76.88,
    "sv": 65.08
  },
  "nn>is": {
    "sv": 30.62
  },
  "nn>nb": {
    "da": 78.49,
    "direct": 93.94,
    "sv": 88.08
  },
  "nn>sv": {
    "da": 54.46,
    "direct": 67.57,
    "nb": 73.3
  },
  "oc>ca": {
    "direct": 64.43,
    "es": 68.21,
    "fr": 75.18
  },
  "oc>en": {
    "ca": 50.52,
    "es": 47.07
  },
  "oc>eo": {
    "ca": 47.92,
    "es": 48.3,
    "fr": 58.65
  },
  "oc>es": {
    "ca": 60.75,
    "direct": 62.2,
    "fr": 55.07
  },
  "oc>fr": {
    "ca": 72.03,
    "direct": 84.75,
    "es": 56.05
  },
  "oc>gl": {
    "es": 58.48
  },
  "oc>it": {
    "ca": 55.15,
    "es": 60.24
  },
  "oc>pt": {
    "ca": 54.56,
    "es": 51.5
  },
  "oc>ro": {
    "es": 44.67
  },
  "pt>ca": {
    "direct": 78.56,
    "es": 83.76
  },
  "pt>en": {
    "ca": 61.16,
    "es": 65.57,
    "gl": 58.07
  },
  "pt>eo": {
    "ca": 55.82,
    "es": 55.33
  },
  "pt>es": {
    "ca": 83.49,
    "direct": 84.98,
    "gl": 80.48
  },
  "pt>fr": {
    "ca": 67.33,
    "es": 63.13
  },
  "pt>gl": {
    "direct": 82.94,
    "es": 83.37
  },
  "pt>it": {
    "ca": 65.39,
    "es": 72.91
  },
  "pt>oc": {
    "ca": 55.01,
    "es": 62.47
  },
  "pt>ro": {
    "es": 48.05
  },
  "ro>ca": {
    "es": 47.91
  },
  "ro>en": {
    "es": 42.81
  },
  "ro>eo": {
    "es": 56.99
  },
  "ro>es": {
    "direct": 47.82
  },
  "ro>fr": {
    "es": 50.92
  },
  "ro>gl": {
    "es": 44.43
  },
  "ro>it": {
    "es": 46.79
  },
  "ro>oc": {
    "es": 43.99
  },
  "ro>pt": {
    "es": 39.4
  },
  "sl>bs": {
    "direct": 54.92
  },
  "sl>en": {
    "bs": 38.13,
    "hr": 38.13,
    "sr": 38.13
  },
  "sl>hr": {
    "direct": 53.18
  },
  "sl>sr": {
    "direct": 48.22
  },
  "sr>ca": {
    "en": 34.77
  },
  "sr>en": {
    "direct": 36.64
  },
  "sr>eo": {
    "en": 40.81
  },
  "sr>es": {
    "en": 36.88
  },
  "sr>gl": {
    "en": 34.36
  },
  "sr>sl": {
    "direct": 54.1
  },
  "sv>da": {
    "direct": 67.8,
    "nb": 72.93,
    "nn": 72.93
  },
  "sv>en": {
    "is": 40.17
  },
  "sv>is": {
    "direct": 35.63
  },
  "sv>nb": {
    "da": 57.05,
    "direct": 73.9,
    "nn": 75.5
  },
  "sv>nn": {
    "da": 53.31,
    "direct": 74.18,
    "nb": 76.62
  }
};

/** Directions that failed the benchmark (a stage crashed, or no answer came): left out of every route. */
export const FAILED_DIRECTIONS: Readonly<Record<string, string>> = {
  "bs>mk": "hbs-mkd: hbs-mkd failed twice on one text: hbs-mkd#2: no answer within 5000 ms",
  "hr>mk": "hbs-mkd: hbs-mkd failed twice on one text: hbs-mkd#2: no answer within 5000 ms",
  "ru>be": "rus-bel: rus-bel failed twice on one text: rus-bel#2: answer without its end marker (a stage died mid-unit)",
  "ru>uk": "rus-ukr: rus-ukr failed twice on one text: rus-ukr#2: answer without its end marker (a stage died mid-unit)",
  "sr>mk": "hbs-mkd: hbs-mkd failed twice on one text: hbs-mkd#2: no answer within 5000 ms",
  "uk>ru": "ukr-rus: ukr-rus failed twice on one text: ukr-rus#2: answer without its end marker (a stage died mid-unit); stderr: apertium-tagger: ../apertium/perceptron_spec.h:328: bool Apertium::PerceptronSpec::StackValue::boolVal() const: Assertion `type == BVAL' failed."
};
