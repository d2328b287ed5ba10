# Respellings: a word typed another way, read as the word it stands for by every rule and list
# ("antibiotics evry day 8am" reads "every day"). The value must be a word the grammar uses; the
# title keeps the text as typed. Typos of one letter in long calendar words need no entry (see
# `typo-tolerant` in calendar.lex); these are short or sound-alike spellings.
[respelling]
evry | evrey | evey = every
eveyday | evryday | everyda = everyday
untl | unitl = until
saterday | satarday = saturday
wendsday | wedensday | wenesday = wednesday
tuseday | teusday = tuesday
fryday = friday
janurary | januray = january
feburary | februrary = february
agust = august
novemeber = november
decemeber = december
aftr = after
# "3pmish": the "ish" typed onto "pm".
pmish = pm
# "new yrs day": "yrs" is also a unit of years (calendar.lex), which "years" is too.
yrs = years
# Chat shorthand: "tues n thurs", "w/ liv n sam", "how abt 3".
n = and
abt = about
btwn | betw = between
mnth = month
mnths = months

# Read only where typed in lower case: "rave tn 10pm" is tonight, "Austin TN" Tennessee.
[lower-case-respelling]
tn = tonight
