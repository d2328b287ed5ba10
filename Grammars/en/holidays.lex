# Holidays. A value is a base, then modifiers (see Operators.parseHoliday):
#   MM-DD (fixed), easter±N / orthodox±N (days from Easter), nth:MONTH:N:WEEKDAY[±D] (Nth ISO
#   weekday of a month, N < 0 from the end, plus D days), hebrew:MM-DD / islamic:MM-DD /
#   chinese:MM-DD (a day of that calendar's month), vague:YYYY-MM-DD (a 365-day year with no
#   leap days, given by one occurrence);
#   sat-1 / sun+1 … (moved when it falls on that weekday), eve (kept from the evening before),
#   days:N (lasts N days), to:BASE (lasts until that day, inclusive).

[holiday-word]
christmas | xmas | christmas day | xmas day | x-mas = 12-25
christmas eve | xmas eve = 12-24
boxing day = 12-26
new year's eve | new years eve | new year eve | nye = 12-31
new year's day | new years day | new year's | new years | new year = 01-01
valentine's day | valentines day | valentine day | valentine's | valentines = 02-14
st patrick's day | st. patrick's day | saint patrick's day | saint patricks day | st paddy's day | st patricks day | st paddys day | saint paddy's day | saint paddys day | st. paddy's day = 03-17
halloween | hallowe'en = 10-31
all saints day | all saints' day = 11-01
veterans day | veteran's day = 11-11
independence day | fourth of july = 07-04
earth day = 04-22
world vegan day = 11-01
# National Boss's Day is observed on the nearest weekday.
boss's day | bosses day | boss day | boss's | national boss day = 10-16 sat-1 sun+1
thanksgiving | thanksgiving day = nth:11:4:4
black friday = nth:11:4:4+1
cyber monday = nth:11:4:4+4
memorial day = nth:5:-1:1
labor day | labour day = nth:9:1:1
mlk day | mlk jr. day | mlk jr day | martin luther king day | martin luther king's day | martin luther kings day | martin luther king jr day | civil rights day = nth:1:3:1
presidents day | presidents' day | president's day | washington's birthday = nth:2:3:1
columbus day | indigenous peoples day = nth:10:2:1
mother's day | mothers day | mother day = nth:5:2:7
father's day | fathers day | father day = nth:6:3:7
easter | easter sunday | easter day = easter
easter monday | easter mon = easter+1
good friday | great friday = easter-2
holy saturday = easter-1
maundy thursday | holy thursday | covenant thursday | covenant thu | thu of mysteries | thursday of mysteries = easter-3
palm sunday | branch sunday = easter-7
ash wednesday = easter-46
mardi gras | shrove tuesday | pancake day = easter-47
ascension day | ascension = easter+39
pentecost | whit sunday | whitsunday | white sunday = easter+49
whit monday | whitmonday | monday of the holy spirit = easter+50
trinity sunday = easter+56
corpus christi = easter+60
orthodox easter | orthodox easter sunday = orthodox
orthodox good friday | orthodox great friday = orthodox-2
orthodox shrove monday | clean monday = orthodox-48
lazarus saturday = orthodox-8
# Lent: Ash Wednesday to Holy Saturday; the Orthodox Great Lent: Clean Monday to the Friday
# before Lazarus Saturday.
lent = easter-46 to:easter-1
great lent | great fast = orthodox-48 to:orthodox-9

# The Dutch King's Day (27 April; the 26th when the 27th is a Sunday).
king's day | kings day | koningsdag = 04-27 sun-1
# Parsi New Year (Shahenshahi calendar: 365 days, no leap years, so it moves a day earlier every
# four years).
parsi new year | jamshedi navroz | jamshedi nowruz | navroz | nowruz parsi = vague:2018-08-17

# Chinese lunar new year.
chinese new year | chinese new year's day | chinese new years | chinese lunar new year | chinese lunar new year's day | lunar new year | spring festival = chinese:01-01

# Jewish holidays, from the evening they begin (the Hebrew day starts at sunset). Months:
# 1 Tishri, 3 Kislev, 5 Shevat, 7 Adar (Adar II in leap years), 8 Nisan, 9 Iyar, 10 Sivan, 12 Av.
rosh hashanah | rosh hashana | rosh hashanna | rosh ha-shanah | jewish new year = hebrew:01-01 eve days:3
yom kippur = hebrew:01-10 eve
sukkot | succot | succos | sukkos | feast of tabernacles | feast of the ingathering | feast of booths = hebrew:01-15 eve days:9
shemini atzeret = hebrew:01-22 eve
simchat torah | simchas torah = hebrew:01-23 eve
hanukkah | chanukah | hanukah | hannukah | hannukkah | chanukkah = hebrew:03-25 eve days:8
tu bishvat | tu b'shvat | tu bishevat = hebrew:05-15 eve
purim = hebrew:07-14 eve
shushan purim = hebrew:07-15 eve
passover | pesach = hebrew:08-15 eve days:9
# Yom HaShoah moves off Friday and Sunday; Yom HaAtzmaut off Friday, Saturday and Monday.
yom hashoah | yom ha'shoah | holocaust day | holocaust remembrance day = hebrew:08-27 fri-1 sun+1 eve
yom haatzmaut | yom ha'atzmaut | israel independence day = hebrew:09-05 fri-1 sat-2 mon+1 eve
lag b'omer | lag baomer | lag ba'omer = hebrew:09-18 eve
shavuot | shavuos | shavuoth = hebrew:10-06 eve days:3
# Tisha B'Av moves to Sunday when it falls on the Sabbath.
tisha b'av | tisha bav | tisha b'ab = hebrew:12-09 sat+1 eve

# Islamic holidays (Umm al-Qura calendar). Months: 1 Muharram, 3 Rabi al-Awwal, 7 Rajab,
# 9 Ramadan, 10 Shawwal, 12 Dhu al-Hijjah.
islamic new year | hijri new year | muharram | amun jadid | al-hijra | arabic new year = islamic:01-01
ashura | day of ashura = islamic:01-10
mawlid | mawlid al-nabawi | mawlid an-nabi | milad un nabi | prophet's birthday | the prophet's birthday = islamic:03-12
isra and mi'raj | isra and miraj | isra mi'raj | the prophet's ascension | prophet's ascension | the night journey | night journey | ascension to heaven = islamic:07-27
# Ramadan lasts until the eve of Eid al-Fitr (29 or 30 days).
ramadan | ramadhan | ramzan = islamic:09-01 to:islamic:10-01-1
# Jumu'atul-Wida: the last Friday of Ramadan (the last before Eid al-Fitr).
jamat ul-vida | jamat ul vida | jumu'atul-wida | jumu'atul wida | jummat ul wida = islamic:10-01 prev:fri
laylat al-qadr | laylat al qadr | laylat al kadr | laylat al-kadr | night of power | night of measures | night of decree = islamic:09-27
eid al-fitr | eid al fitr | eid ul-fitr | eid ul fitr | id ul-fitr | eid-ul-fitr = islamic:10-01
eid al-adha | eid al adha | eid ul-adha | id ul-adha | eid ul adha | bakr id | bakrid | bakr-id | sacrifice feast | feast of the sacrifice = islamic:12-10
