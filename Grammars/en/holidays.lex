# Holidays. Values: MM-DD (fixed), easter±N / orthodox±N (days from Easter),
# nth:MONTH:N:WEEKDAY[±D] (Nth ISO weekday of a month, N < 0 from the end, plus D days).

[holiday-word]
christmas | xmas | christmas day | xmas day | x-mas = 12-25
christmas eve | xmas eve = 12-24
boxing day = 12-26
new year's eve | new years eve | new year eve | nye = 12-31
new year's day | new years day | new year's | new years | new year = 01-01
valentine's day | valentines day | valentine day | valentine's | valentines = 02-14
st patrick's day | st. patrick's day | saint patrick's day | saint patricks day | st paddy's day | st patricks day | st paddys day = 03-17
halloween | hallowe'en = 10-31
all saints day | all saints' day = 11-01
veterans day | veteran's day = 11-11
independence day | fourth of july = 07-04
earth day = 04-22
world vegan day = 11-01
boss's day | bosses day | boss day | boss's | national boss day = 10-16
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
maundy thursday | holy thursday | covenant thursday | covenant thu = easter-3
palm sunday = easter-7
ash wednesday = easter-46
mardi gras | shrove tuesday | pancake day = easter-47
ascension day | ascension = easter+39
pentecost | whit sunday | whitsunday = easter+49
whit monday | whitmonday = easter+50
trinity sunday = easter+56
corpus christi = easter+60
orthodox easter | orthodox easter sunday = orthodox
orthodox good friday | orthodox great friday = orthodox-2
orthodox shrove monday | clean monday = orthodox-48
